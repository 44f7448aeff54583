import {
  isPhoneNumber,
  ownRoutingNumberProblem,
  SCHEDULE_FIELD_MESSAGES,
  TRANSFER_FIELD_MESSAGES,
  ZELLE_MESSAGES,
} from '@bank/contracts';
import {
  BANK_CODE_MESSAGES,
  ibanProblem,
  normalizeIban,
  routingNumberProblem,
  sepaSwiftProblem,
} from '@bank/contracts/bank-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountById, type Account } from '@/lib/accounts';
import { centsOf } from '@/lib/cents';
import {
  bankToday,
  lastScheduleEndDate,
  lastSchedulableDate,
  TRANSFER_TYPE_INFO,
  type TransferType,
} from '../lib/transfer-types';
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
  /** A saved recipient chosen in the form: the bank fills its account in ('' when typed in). */
  savedRecipientId: z.string(),
  /** '' sends once; otherwise weekly, biweekly or monthly from the transfer date. */
  frequency: z.enum(['', 'weekly', 'biweekly', 'monthly']),
  endType: z.enum(['never', 'date', 'count']),
  endDate: z.string(),
  endCount: z.string(),
});

export type TransferForm = z.infer<typeof transferFormSchemaBase>;
export type TransferField = keyof TransferForm;

/** The server's shared messages, and the checks the form makes before sending. */
export const TRANSFER_MESSAGES = {
  ...TRANSFER_FIELD_MESSAGES,
  amountDecimals: 'Please enter an amount with at most 2 decimal places',
  insufficient: 'Insufficient funds',
  // The server's words when it is asked to schedule on such a date.
  transferDatePast: SCHEDULE_FIELD_MESSAGES.datePast,
  transferDateTooFar: SCHEDULE_FIELD_MESSAGES.dateTooFar,
  sepaLaterDate: SCHEDULE_FIELD_MESSAGES.sepa,
  recipientEmailInvalid: ZELLE_MESSAGES.email,
  recipientPhoneInvalid: ZELLE_MESSAGES.phone,
  ...BANK_CODE_MESSAGES,
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
    savedRecipientId: '',
    frequency: '',
    endType: 'never',
    endDate: '',
    endCount: '',
  };
}

/**
 * Whether the form schedules the transfer instead of sending it now: a later date, or a
 * frequency. Funds are checked on the day it runs, not now.
 */
export function isScheduling(
  v: Pick<TransferForm, 'transferDate' | 'frequency'>,
  today = bankToday(),
) {
  return v.frequency !== '' || v.transferDate > today;
}

export { normalizeIban };

const isEmail = (text: string) => z.email().safeParse(text).success;

/** A US phone number as the bank reads it: 10 digits, after an optional leading 1. */
const isPhone = (text: string) =>
  isPhoneNumber(text) && text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10;

/**
 * Whether a contact could name a customer, read as the bank reads it: with an @ it is an email,
 * otherwise a phone number (so a phone typed in the email field is looked up as a phone).
 */
export const isLookupContact = (contact: string) =>
  contact.includes('@') ? isEmail(contact) : isPhone(contact);

/** The transfer date's problem, if any: before the bank's today, or later than it may be. */
function transferDateProblem(type: TransferType, date: string, today: string): string | null {
  // Left empty, the bank dates the transfer today.
  if (!date) return null;
  if (date < today) return TRANSFER_MESSAGES.transferDatePast;
  if (type === 'sepa' && date > today) return TRANSFER_MESSAGES.sepaLaterDate;
  if (date > lastSchedulableDate(today)) return TRANSFER_MESSAGES.transferDateTooFar;
  return null;
}

/** The amount's problem, if any: under the minimum, or more than 2 decimals. */
export function transferAmountProblem(amount: string): string | null {
  const value = Number(amount);
  if (!amount.trim() || !Number.isFinite(value) || value < MIN_TRANSFER)
    return TRANSFER_MESSAGES.amount;
  const text = amount.trim();
  if (/^\d*\.\d{3,}$/.test(text)) return TRANSFER_MESSAGES.amountDecimals;
  // Anything else that is not digits with up to 2 decimals ("1e3", "0x10") is not an amount.
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return TRANSFER_MESSAGES.amount;
  return null;
}

/** The fields that say when a transfer runs, how often and until when. */
export type SchedulePlanForm = Pick<
  TransferForm,
  'transferDate' | 'frequency' | 'endType' | 'endDate' | 'endCount'
>;

/** The problems of a transfer's date and repeat, each with the field it belongs to. */
export function schedulePlanProblems(
  type: TransferType,
  v: SchedulePlanForm,
  today: string,
): [keyof SchedulePlanForm, string][] {
  const problems: [keyof SchedulePlanForm, string][] = [];
  const dateProblem = transferDateProblem(type, v.transferDate, today);
  if (dateProblem) problems.push(['transferDate', dateProblem]);
  if (v.frequency !== '' && v.endType === 'date') {
    if (!v.endDate || v.endDate < v.transferDate)
      problems.push(['endDate', SCHEDULE_FIELD_MESSAGES.endDate]);
    else if (v.endDate > lastScheduleEndDate(v.transferDate || today))
      problems.push(['endDate', SCHEDULE_FIELD_MESSAGES.endTooFar]);
  }
  if (v.frequency !== '' && v.endType === 'count') {
    const count = Number(v.endCount);
    if (!/^\d+$/.test(v.endCount.trim()) || count < 1 || count > 520)
      problems.push(['endCount', SCHEDULE_FIELD_MESSAGES.endCount]);
  }
  return problems;
}

/** The recipient contact a same-bank transfer is looked up by: the email, else the phone. */
export const recipientContact = (v: Pick<TransferForm, 'recipientEmail' | 'recipientPhone'>) =>
  v.recipientEmail.trim() || v.recipientPhone.trim();

/**
 * What a transfer sent now takes from the source account's available balance, in cents: the
 * amount plus the fee the bank charges for its type (the bank takes both at once).
 */
export function debitedCents(type: TransferType, amount: string): number {
  return centsOf(amount) + TRANSFER_TYPE_INFO[type].feeCents;
}

/**
 * The schema for one transfer type, checking the amount against the source account's balance and
 * the date against the bank's today.
 */
export function transferSchema(
  type: TransferType,
  accounts: Pick<Account, 'id' | 'available_balance'>[],
  lookup?: RecipientLookup | null,
  today = bankToday(),
) {
  return transferFormSchemaBase.superRefine((v, ctx) => {
    const issue = (path: TransferField, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    if (!v.fromAccount) issue('fromAccount', TRANSFER_MESSAGES.fromAccount);
    const amountProblem = transferAmountProblem(v.amount);
    if (amountProblem) {
      issue('amount', amountProblem);
    } else {
      const from = accountById(accounts, v.fromAccount);
      if (
        from &&
        !isScheduling(v, today) &&
        debitedCents(type, v.amount) > centsOf(from.available_balance)
      ) {
        issue('amount', TRANSFER_MESSAGES.insufficient);
      }
    }

    for (const [field, message] of schedulePlanProblems(type, v, today)) issue(field, message);

    switch (type) {
      case 'between-accounts':
        if (!v.toAccount) issue('toAccount', TRANSFER_MESSAGES.toAccount);
        else if (v.toAccount === v.fromAccount) issue('toAccount', TRANSFER_MESSAGES.sameAccount);
        break;
      case 'same-bank': {
        // The email is sent when both are given, so it is the one judged.
        const contact = recipientContact(v);
        const field = v.recipientEmail.trim() ? 'recipientEmail' : 'recipientPhone';
        if (!contact) issue('recipientEmail', TRANSFER_MESSAGES.recipientContact);
        else if (!isLookupContact(contact))
          issue(
            field,
            field === 'recipientEmail'
              ? TRANSFER_MESSAGES.recipientEmailInvalid
              : TRANSFER_MESSAGES.recipientPhoneInvalid,
          );
        else if (lookup && lookup.contact === contact && !lookup.valid)
          issue(field, lookup.message);
        break;
      }
      case 'external-bank':
        // A saved recipient's details come from the bank; the form shows its account masked.
        if (v.savedRecipientId) break;
        if (!v.recipientName.trim()) issue('recipientName', TRANSFER_MESSAGES.recipientName);
        if (!v.externalBankName.trim()) issue('externalBankName', TRANSFER_MESSAGES.bankName);
        if (!v.externalAccountNumber.trim())
          issue('externalAccountNumber', TRANSFER_MESSAGES.accountNumber);
        {
          const routing = v.externalRoutingNumber.trim();
          const problem = routingNumberProblem(routing) ?? ownRoutingNumberProblem(routing);
          if (problem) issue('externalRoutingNumber', problem);
        }
        break;
      case 'sepa': {
        if (!v.purposeOfPayment) issue('purposeOfPayment', TRANSFER_MESSAGES.purpose);
        if (v.savedRecipientId) break;
        if (!v.recipientName.trim()) issue('recipientName', TRANSFER_MESSAGES.recipientName);
        const ibanIssue = ibanProblem(v.recipientIban, v.recipientCountry);
        if (ibanIssue) issue('recipientIban', ibanIssue);
        const swift = v.recipientSwiftCode.trim().toUpperCase();
        const swiftIssue =
          swift.length > 11
            ? TRANSFER_MESSAGES.swiftLength
            : sepaSwiftProblem(swift, normalizeIban(v.recipientIban));
        if (swiftIssue) issue('recipientSwiftCode', swiftIssue);
        if (!v.recipientBankName.trim()) issue('recipientBankName', TRANSFER_MESSAGES.bankName);
        if (!v.recipientCountry) issue('recipientCountry', TRANSFER_MESSAGES.country);
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
export function transferPayload(
  type: TransferType,
  v: TransferForm,
  recipientId?: string,
  quotedRate?: string,
) {
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
      if (v.savedRecipientId) {
        return {
          ...common,
          savedRecipientId: v.savedRecipientId,
          recipientAddress: v.recipientAddress.trim(),
        };
      }
      return {
        ...common,
        recipientName: v.recipientName.trim(),
        bankName: v.externalBankName.trim(),
        accountNumber: v.externalAccountNumber.trim(),
        routingNumber: v.externalRoutingNumber.trim(),
        recipientAddress: v.recipientAddress.trim(),
      };
    case 'sepa':
      if (v.savedRecipientId) {
        return {
          ...common,
          savedRecipientId: v.savedRecipientId,
          purposeOfPayment: v.purposeOfPayment,
          quotedRate,
        };
      }
      return {
        ...common,
        recipientName: v.recipientName.trim(),
        iban: normalizeIban(v.recipientIban),
        swiftCode: v.recipientSwiftCode.trim().toUpperCase(),
        bankName: v.recipientBankName.trim(),
        country: v.recipientCountry,
        purposeOfPayment: v.purposeOfPayment,
        quotedRate,
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
  savedRecipientId: 'savedRecipientId',
  frequency: 'frequency',
  endDate: 'endDate',
  endCount: 'endCount',
};

export type CreateTransferInput = {
  type: TransferType;
  values: TransferForm;
  recipientId?: string;
  /** SEPA: the quoted exchange rate the customer confirmed; the bank refuses any other. */
  quotedRate?: string;
  idempotencyKey: string;
};

/** The created transfer as the bank describes it (the fields the receipt shows). */
export type CreatedTransfer = {
  id?: string;
  reference_number?: string;
  amount: number;
  fee: number;
  total: number;
  exchange: { rate: string; currency: string; amount: number } | null;
  recipient_name?: string;
  from_account?: { id?: string; name: string };
  to_account?: { id?: string; name: string | null } | null;
};

/**
 * The answer is typed, not parsed: money has moved once the server says success, and a shape this
 * bundle does not know must not turn that into a failure the customer would retry.
 */
export function createTransfer({
  type,
  values,
  recipientId,
  quotedRate,
  idempotencyKey,
}: CreateTransferInput) {
  return api.post<{ transfer?: CreatedTransfer }>(
    PATHS[type],
    transferPayload(type, values, recipientId, quotedRate),
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** Money moved: every balance, list and history may have changed, so everything is refetched. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
