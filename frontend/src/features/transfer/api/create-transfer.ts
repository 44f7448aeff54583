import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { Account } from '@/lib/accounts';
import type { TransferType } from '../lib/transfer-types';
import type { RecipientLookup } from './validate-recipient';

// The transfer form, its rules and the four submit calls.

export const transferFormSchemaBase = z.object({
  fromAccount: z.string(),
  toAccount: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string(),
  amount: z.string(),
  memo: z.string(),
  transferDate: z.string(),
  externalBankName: z.string(),
  externalAccountNumber: z.string(),
  externalRoutingNumber: z.string(),
  recipientName: z.string(),
  recipientAddress: z.string(),
  recipientIban: z.string(),
  recipientSwiftCode: z.string(),
  recipientBankName: z.string(),
  recipientCountry: z.string(),
  purposeOfPayment: z.string(),
});

export type TransferForm = z.infer<typeof transferFormSchemaBase>;
export type TransferField = keyof TransferForm;

export const TRANSFER_MESSAGES = {
  fromAccount: 'Please select an account to transfer from',
  amount: 'Please enter an amount of at least $5.00',
  amountDecimals: 'Please enter an amount with at most 2 decimal places',
  insufficient: 'Insufficient funds',
  toAccount: 'Please select an account to transfer to',
  sameAccount: 'Cannot transfer to the same account',
  recipientContact: 'Please enter recipient email or phone number',
  recipientName: 'Please enter recipient name',
  bankName: 'Please enter bank name',
  accountNumber: 'Please enter account number',
  routingNumber: 'Please enter routing number',
  routingLength: 'Routing number must be 9 digits',
  iban: 'Please enter IBAN',
  ibanShape: 'IBAN must start with two letters and two digits',
  ibanLength: 'IBAN must be at most 34 characters',
  swiftLength: 'SWIFT/BIC must be at most 11 characters',
  country: 'Please select a country',
  purpose: 'Please select a purpose of payment',
} as const;

export const MIN_TRANSFER = 5;

export function emptyTransferForm(today: string): TransferForm {
  return {
    fromAccount: '',
    toAccount: '',
    recipientEmail: '',
    recipientPhone: '',
    amount: '',
    memo: '',
    transferDate: today,
    externalBankName: '',
    externalAccountNumber: '',
    externalRoutingNumber: '',
    recipientName: '',
    recipientAddress: '',
    recipientIban: '',
    recipientSwiftCode: '',
    recipientBankName: '',
    recipientCountry: '',
    purposeOfPayment: '',
  };
}

export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** The recipient contact a same-bank transfer is looked up by: the email, else the phone. */
export const recipientContact = (v: Pick<TransferForm, 'recipientEmail' | 'recipientPhone'>) =>
  v.recipientEmail.trim() || v.recipientPhone.trim();

/** The schema for one transfer type, checking the amount against the source account's balance. */
export function transferSchema(
  type: TransferType,
  accounts: Pick<Account, 'id' | 'available_balance'>[],
  lookup?: RecipientLookup | null,
) {
  return transferFormSchemaBase.superRefine((v, ctx) => {
    const issue = (path: TransferField, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    if (!v.fromAccount) issue('fromAccount', TRANSFER_MESSAGES.fromAccount);
    const amount = Number(v.amount);
    if (!v.amount.trim() || !Number.isFinite(amount) || amount < MIN_TRANSFER) {
      issue('amount', TRANSFER_MESSAGES.amount);
    } else if (!/^\d+(\.\d{1,2})?$/.test(v.amount.trim())) {
      issue('amount', TRANSFER_MESSAGES.amountDecimals);
    } else {
      const from = accounts.find((a) => String(a.id) === v.fromAccount);
      if (from && amount > Number(from.available_balance)) {
        issue('amount', TRANSFER_MESSAGES.insufficient);
      }
    }

    switch (type) {
      case 'between-accounts':
        if (!v.toAccount) issue('toAccount', TRANSFER_MESSAGES.toAccount);
        else if (v.toAccount === v.fromAccount) issue('toAccount', TRANSFER_MESSAGES.sameAccount);
        break;
      case 'same-bank': {
        const contact = recipientContact(v);
        const field =
          v.recipientEmail.trim() || !v.recipientPhone.trim() ? 'recipientEmail' : 'recipientPhone';
        if (!contact) issue('recipientEmail', TRANSFER_MESSAGES.recipientContact);
        else if (lookup && lookup.contact === contact && !lookup.valid)
          issue(field, lookup.message);
        break;
      }
      case 'external-bank':
        if (!v.recipientName.trim()) issue('recipientName', TRANSFER_MESSAGES.recipientName);
        if (!v.externalBankName.trim()) issue('externalBankName', TRANSFER_MESSAGES.bankName);
        if (!v.externalAccountNumber.trim())
          issue('externalAccountNumber', TRANSFER_MESSAGES.accountNumber);
        if (!v.externalRoutingNumber.trim())
          issue('externalRoutingNumber', TRANSFER_MESSAGES.routingNumber);
        else if (v.externalRoutingNumber.trim().length !== 9)
          issue('externalRoutingNumber', TRANSFER_MESSAGES.routingLength);
        break;
      case 'sepa': {
        if (!v.recipientName.trim()) issue('recipientName', TRANSFER_MESSAGES.recipientName);
        const iban = normalizeIban(v.recipientIban);
        if (!iban) issue('recipientIban', TRANSFER_MESSAGES.iban);
        else if (!/^[A-Z]{2}\d{2}/.test(iban)) issue('recipientIban', TRANSFER_MESSAGES.ibanShape);
        else if (iban.length > 34) issue('recipientIban', TRANSFER_MESSAGES.ibanLength);
        if (v.recipientSwiftCode.trim().length > 11)
          issue('recipientSwiftCode', TRANSFER_MESSAGES.swiftLength);
        if (!v.recipientBankName.trim()) issue('recipientBankName', TRANSFER_MESSAGES.bankName);
        if (!v.recipientCountry) issue('recipientCountry', TRANSFER_MESSAGES.country);
        if (!v.purposeOfPayment) issue('purposeOfPayment', TRANSFER_MESSAGES.purpose);
        break;
      }
    }
  });
}

const PATHS: Record<TransferType, string> = {
  'between-accounts': '/transfers/between-accounts',
  'same-bank': '/transfers/same-bank',
  'external-bank': '/transfers/external-bank',
  sepa: '/wire-transfers/sepa',
};

/** The payload for each type ('common fields' plus the type's own). */
export function transferPayload(type: TransferType, v: TransferForm, recipientId?: string) {
  const common = {
    fromAccount: v.fromAccount,
    amount: Number(v.amount),
    memo: v.memo.trim(),
    transferDate: v.transferDate,
  };
  switch (type) {
    case 'between-accounts':
      return { ...common, toAccount: v.toAccount };
    case 'same-bank':
      return {
        ...common,
        recipientEmail: v.recipientEmail.trim() || undefined,
        recipientPhone: v.recipientEmail.trim() ? undefined : v.recipientPhone.trim() || undefined,
        recipientId,
      };
    case 'external-bank':
      return {
        ...common,
        recipientName: v.recipientName.trim(),
        bankName: v.externalBankName.trim(),
        accountNumber: v.externalAccountNumber.trim(),
        routingNumber: v.externalRoutingNumber.trim(),
        recipientAddress: v.recipientAddress.trim(),
      };
    case 'sepa':
      return {
        ...common,
        recipientName: v.recipientName.trim(),
        iban: normalizeIban(v.recipientIban),
        swiftCode: v.recipientSwiftCode.trim().toUpperCase(),
        bankName: v.recipientBankName.trim(),
        country: v.recipientCountry,
        purposeOfPayment: v.purposeOfPayment,
      };
  }
}

/** Server field names → form fields, so a refused field shows under its input. */
export const SERVER_FIELDS: Record<string, TransferField> = {
  fromAccount: 'fromAccount',
  toAccount: 'toAccount',
  amount: 'amount',
  memo: 'memo',
  transferDate: 'transferDate',
  recipientEmail: 'recipientEmail',
  recipientPhone: 'recipientPhone',
  recipientName: 'recipientName',
  recipientAddress: 'recipientAddress',
  bankName: 'externalBankName',
  accountNumber: 'externalAccountNumber',
  routingNumber: 'externalRoutingNumber',
  iban: 'recipientIban',
  swiftCode: 'recipientSwiftCode',
  country: 'recipientCountry',
  purposeOfPayment: 'purposeOfPayment',
};

export type CreateTransferInput = {
  type: TransferType;
  values: TransferForm;
  recipientId?: string;
  idempotencyKey: string;
};

export function createTransfer({ type, values, recipientId, idempotencyKey }: CreateTransferInput) {
  return api.post<unknown>(PATHS[type], transferPayload(type, values, recipientId), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Money moved: every balance, list and history may have changed, so everything is refetched. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
