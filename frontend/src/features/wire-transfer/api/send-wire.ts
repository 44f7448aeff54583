import {
  ownRoutingNumberProblem,
  TRANSFER_FIELD_MESSAGES,
  TRANSFER_TYPE_INFO,
  WIRE_FIELD_MESSAGES,
  WIRE_PURPOSES,
  type WireType,
} from '@bank/contracts';
import {
  countryName,
  internationalWireAccount,
  isValidSwiftCode,
  routingNumberProblem,
  swiftCountry,
} from '@bank/contracts/bank-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountById, type Account } from '@/lib/accounts';
import { centsOf, plainAmount } from '@/lib/cents';

// The wire form, its checks (the server's, in its words) and the two submit calls.

export type WireForm = {
  fromAccount: string;
  /** A saved recipient chosen in the form ('' when typed in): the bank fills its account in. */
  savedRecipientId: string;
  recipientName: string;
  bankName: string;
  /** Domestic: the account number; international: an IBAN or the account number. */
  accountNumber: string;
  routingNumber: string;
  swiftCode: string;
  recipientAddress: string;
  amount: string;
  purposeOfPayment: string;
  memo: string;
};
export type WireField = keyof WireForm;

export const emptyWireForm = (): WireForm => ({
  fromAccount: '',
  savedRecipientId: '',
  recipientName: '',
  bankName: '',
  accountNumber: '',
  routingNumber: '',
  swiftCode: '',
  recipientAddress: '',
  amount: '',
  purposeOfPayment: '',
  memo: '',
});

export const WIRE_MESSAGES = {
  ...TRANSFER_FIELD_MESSAGES,
  ...WIRE_FIELD_MESSAGES,
  accountNumberFormat: 'Account number must be 4 to 17 digits',
  amountDecimals: 'Please enter an amount with at most 2 decimal places',
  insufficient: 'The amount and the wire fee are more than the available balance',
  savedRecipient: 'Please choose one of your saved recipients',
} as const;

/** A transfer type's fee in whole cents (the label table gives dollars, as shown). */
export function feeCents(type: keyof typeof TRANSFER_TYPE_INFO): number {
  return TRANSFER_TYPE_INFO[type].feeCents;
}

/** Whole cents of the amount typed, or null while it is no amount. */
export function wireAmountCents(typed: string): number | null {
  const plain = plainAmount(typed);
  return plain === null ? null : centsOf(plain);
}

/** The bank's country for a SWIFT/BIC being typed, once it is whole ("Germany"), else null. */
export function swiftCountryName(typed: string): string | null {
  const swift = typed.replace(/\s+/g, '').toUpperCase();
  return isValidSwiftCode(swift) ? (countryName(swiftCountry(swift)) ?? null) : null;
}

/**
 * Who the wire goes to: typed in, or a saved recipient. A saved IBAN may have no SWIFT/BIC (a
 * SEPA transfer needs none): an international wire to it asks for its bank's SWIFT/BIC.
 */
export type WireRecipient = 'new' | 'saved' | 'saved-without-swift';

/** The SWIFT/BIC as the bank records it: no spaces, upper case. */
const swiftOf = (typed: string) => internationalWireAccount(typed, '').swiftCode;

/** What the form finds wrong, field by field, as the bank would say it; empty when none. */
export function wireProblems(
  type: WireType,
  v: WireForm,
  accounts: Pick<Account, 'id' | 'available_balance'>[],
  recipient: WireRecipient = 'new',
): Partial<Record<WireField, string>> {
  const problems: Partial<Record<WireField, string>> = {};
  const issue = (field: WireField, message: string) => {
    problems[field] ??= message;
  };
  if (!v.fromAccount) issue('fromAccount', WIRE_MESSAGES.fromAccount);
  const cents = wireAmountCents(v.amount);
  if (cents === null) {
    issue(
      'amount',
      /^\$?[\d,]*\.\d{3,}$/.test(v.amount.trim())
        ? WIRE_MESSAGES.amountDecimals
        : WIRE_MESSAGES.amount,
    );
  } else if (cents < 500) {
    issue('amount', WIRE_MESSAGES.amount);
  } else {
    const from = accountById(accounts, v.fromAccount);
    const fee = feeCents(type);
    if (from && cents + fee > centsOf(from.available_balance)) {
      issue('amount', WIRE_MESSAGES.insufficient);
    }
  }
  if (!v.recipientAddress.trim()) issue('recipientAddress', WIRE_MESSAGES.recipientAddress);
  if (!v.purposeOfPayment) issue('purposeOfPayment', WIRE_MESSAGES.purpose);
  else if (!Object.hasOwn(WIRE_PURPOSES, v.purposeOfPayment)) {
    issue('purposeOfPayment', WIRE_MESSAGES.purposeInvalid);
  }
  if (recipient !== 'new') {
    if (!v.savedRecipientId) issue('savedRecipientId', WIRE_MESSAGES.savedRecipient);
    if (recipient === 'saved-without-swift') {
      const swift = internationalWireAccount(v.swiftCode, '').problems.swiftCode;
      if (swift) issue('swiftCode', swift);
    }
    return problems;
  }

  if (!v.recipientName.trim()) issue('recipientName', WIRE_MESSAGES.recipientName);
  if (!v.bankName.trim()) issue('bankName', WIRE_MESSAGES.bankName);
  if (type === 'domestic-wire') {
    const account = v.accountNumber.replace(/[\s-]/g, '');
    if (!account) issue('accountNumber', WIRE_MESSAGES.accountNumber);
    else if (!/^\d{4,17}$/.test(account)) issue('accountNumber', WIRE_MESSAGES.accountNumberFormat);
    const typed = v.routingNumber.trim();
    const routing = routingNumberProblem(typed) ?? ownRoutingNumberProblem(typed);
    if (routing) issue('routingNumber', routing);
    return problems;
  }
  const { problems: codes } = internationalWireAccount(v.swiftCode, v.accountNumber);
  if (codes.swiftCode) issue('swiftCode', codes.swiftCode);
  if (codes.accountNumber) issue('accountNumber', codes.accountNumber);
  return problems;
}

const PATHS: Record<WireType, string> = {
  'domestic-wire': '/wire-transfers/domestic',
  'international-wire': '/wire-transfers/international',
};

/**
 * The request body: a saved recipient by its id (the bank fills its account in, and its SWIFT/BIC
 * when it has one), else typed.
 */
export function wirePayload(type: WireType, v: WireForm, recipient: WireRecipient = 'new') {
  const common = {
    fromAccount: v.fromAccount,
    amount: plainAmount(v.amount) ?? v.amount.trim(),
    memo: v.memo.trim(),
    recipientAddress: v.recipientAddress.trim(),
    purposeOfPayment: v.purposeOfPayment,
  };
  if (v.savedRecipientId) {
    return {
      ...common,
      savedRecipientId: v.savedRecipientId,
      ...(recipient === 'saved-without-swift' ? { swiftCode: swiftOf(v.swiftCode) } : {}),
    };
  }
  // Typed in: the bank checks every field again.
  const party = { recipientName: v.recipientName.trim(), bankName: v.bankName.trim() };
  if (type === 'domestic-wire') {
    return {
      ...common,
      ...party,
      accountNumber: v.accountNumber.replace(/[\s-]/g, ''),
      routingNumber: v.routingNumber.trim(),
    };
  }
  const { swiftCode, accountNumber } = internationalWireAccount(v.swiftCode, v.accountNumber);
  return { ...common, ...party, accountNumber, swiftCode };
}

/** The sent wire as the bank describes it (the fields the confirmation shows). */
export type SentWire = {
  id?: string;
  reference_number?: string;
  amount: number;
  fee: number;
  total: number;
  recipient_name?: string;
  recipient_account?: string | null;
  estimated_settlement?: string | null;
};

/**
 * Typed, not parsed: money has moved once the server says success, and a shape this bundle does
 * not know must not turn that into a failure the customer would retry.
 */
export function sendWire(input: {
  type: WireType;
  values: WireForm;
  recipient: WireRecipient;
  idempotencyKey: string;
}) {
  return api.post<{ transfer?: SentWire }>(
    PATHS[input.type],
    wirePayload(input.type, input.values, input.recipient),
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
}

/** Money moved: every balance, list and history may have changed, so everything is refetched. */
export function useSendWire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWire,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
