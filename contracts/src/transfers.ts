import { z } from 'zod';
import { WIRE_CODE_MESSAGES } from './bank-codes.ts';
import { successOf } from './envelope.ts';

/** The transfer page's four types. */
export const TRANSFER_TYPES = ['between-accounts', 'same-bank', 'external-bank', 'sepa'] as const;
export const transferTypeSchema = z.enum(TRANSFER_TYPES);
export type TransferType = z.infer<typeof transferTypeSchema>;

/** The wires the wire page sends (its third type, SEPA, is the transfer page's SEPA transfer). */
export const WIRE_TYPES = ['domestic-wire', 'international-wire'] as const;
export type WireType = (typeof WIRE_TYPES)[number];

/** Whether a transfer (or a posting's kind) is a wire: final once sent, it cannot be cancelled. */
export function isWireType(type: string): type is WireType {
  return (WIRE_TYPES as readonly string[]).includes(type);
}

/** Every type a transfer can have, as the lists, receipts and limits name it. */
export const ANY_TRANSFER_TYPES = [...TRANSFER_TYPES, ...WIRE_TYPES] as const;
export const anyTransferTypeSchema = z.enum(ANY_TRANSFER_TYPES);
export type AnyTransferType = z.infer<typeof anyTransferTypeSchema>;

export type TransferTypeInfo = {
  type: AnyTransferType;
  title: string;
  description: string;
  /** How long it takes to arrive, as the screens and the bank's answers word it. */
  processing: string;
  /** The fee, in integer cents: what the bank charges and, formatted, what the screens show. */
  feeCents: number;
};

/**
 * The one table of the transfer types: the wizard, the wire page, the lists and the limits, and
 * the one home of each type's fee and processing time, which the deciders charge and quote too.
 */
export const TRANSFER_TYPE_INFO: Record<AnyTransferType, TransferTypeInfo> = {
  'between-accounts': {
    type: 'between-accounts',
    title: 'Between My Accounts',
    description: 'Move money between your own checking, savings and other accounts.',
    processing: 'Instant',
    feeCents: 0,
  },
  'same-bank': {
    type: 'same-bank',
    title: 'To Another Customer',
    description: 'Send money to another customer of this bank by email or phone number.',
    processing: 'Instant',
    feeCents: 0,
  },
  'external-bank': {
    type: 'external-bank',
    title: 'To Another Bank',
    description: 'Send money to an account at another US bank using its routing number.',
    processing: '1-3 business days',
    feeCents: 3_00,
  },
  sepa: {
    type: 'sepa',
    title: 'SEPA Transfer',
    description: 'Send euros to a bank account in the Single Euro Payments Area (EUR only).',
    processing: 'Next business day',
    feeCents: 15_00,
  },
  'domestic-wire': {
    type: 'domestic-wire',
    title: 'Domestic Wire',
    description:
      'Wire dollars to an account at another US bank, the same business day when sent by 4:00 PM ET.',
    processing: 'Same day',
    feeCents: 25_00,
  },
  'international-wire': {
    type: 'international-wire',
    title: 'International Wire',
    description: 'Wire dollars to a bank abroad through SWIFT.',
    processing: '1-3 business days',
    feeCents: 45_00,
  },
};

/** What a wire's purpose is, as the wire page offers it (the key is what the bank records). */
export const WIRE_PURPOSES = {
  family_support: 'Family support',
  business: 'Business payment',
  education: 'Education',
  property: 'Property purchase',
  investment: 'Investment',
  other: 'Other',
} as const;
export type WirePurpose = keyof typeof WIRE_PURPOSES;

/** The field messages of the wire form that the server and the browser both give. */
export const WIRE_FIELD_MESSAGES = {
  recipientAddress: 'Please enter the recipient’s address',
  purposeInvalid: 'Please select a valid purpose of payment',
  ...WIRE_CODE_MESSAGES,
} as const;

export { SEPA_COUNTRIES, SEPA_PURPOSE_CODES as SEPA_PURPOSES } from './bank-codes.ts';

/** The field messages of the transfer form that the server and the browser both give. */
export const TRANSFER_FIELD_MESSAGES = {
  fromAccount: 'Please select an account to transfer from',
  amount: 'Please enter an amount of at least $5.00',
  toAccount: 'Please select an account to transfer to',
  sameAccount: 'Cannot transfer to the same account',
  recipientContact: 'Please enter recipient email or phone number',
  recipientName: 'Please enter recipient name',
  bankName: 'Please enter bank name',
  accountNumber: 'Please enter account number',
  routingNumber: 'Please enter routing number',
  routingLength: 'Routing number must be 9 digits',
  iban: 'Please enter IBAN',
  swiftLength: 'SWIFT/BIC must be at most 11 characters',
  country: 'Please select a country',
  purpose: 'Please select a purpose of payment',
} as const;

/** This bank's ABA routing number, printed on its accounts and its direct-deposit form. */
export const BANK_ROUTING_NUMBER = '061000227';

/**
 * Why an account "at another bank" with this bank's own routing number is refused: it is an
 * account here, which the bank pays on its own books. Sent out through clearing, the money would
 * leave the customer and never reach the account named. The customer is told which of the
 * transfer page's types reaches it instead.
 */
export const OWN_ROUTING_NUMBER_MESSAGE = `This is Harborview Community Bank’s routing number. To pay someone who banks with us, choose “${TRANSFER_TYPE_INFO['same-bank'].title}”; to move money between your own accounts, choose “${TRANSFER_TYPE_INFO['between-accounts'].title}”.`;

/** Why a routing number cannot name another bank's account: it is this bank's (else null). */
export function ownRoutingNumberProblem(
  routingNumber: string,
  bankRoutingNumber: string = BANK_ROUTING_NUMBER,
): string | null {
  return routingNumber.trim() === bankRoutingNumber ? OWN_ROUTING_NUMBER_MESSAGE : null;
}

const money = z.number();
const isoInstant = z.string();

/**
 * A transfer, as the submit answers and the recent list show it. Amounts are dollars (numbers with
 * at most two decimals); the ledger keeps integer cents.
 */
export const transferView = z.object({
  id: z.string(),
  type: anyTransferTypeSchema,
  status: z.string(),
  description: z.string(),
  amount: money,
  fee: money,
  total: money,
  currency: z.literal('USD'),
  formatted_amount: z.string(),
  reference_number: z.string(),
  recipient_name: z.string(),
  memo: z.string(),
  transfer_date: z.string(),
  processing_time: z.string(),
  from_account: z.object({
    id: z.string(),
    name: z.string(),
    /** In the submit answer only: what is left to spend after this transfer. */
    available_balance: money.optional(),
  }),
  to_account: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  bank_name: z.string().nullable(),
  recipient_account: z.string().nullable(),
  exchange: z
    .object({
      rate: z.string(),
      source: z.string(),
      as_of: z.string(),
      currency: z.literal('EUR'),
      amount: money,
    })
    .nullable(),
  estimated_settlement: isoInstant.nullable(),
  /** When it was initiated (both names are kept: the list reads date, older clients created_at). */
  created_at: isoInstant,
  date: isoInstant,
  country: z.string().nullable(),
  purpose_of_payment: z.string().nullable(),
  settled_at: isoInstant.nullable(),
  failure_reason: z.string().nullable(),
  repeat_of: z.string().nullable(),
});
export type TransferView = z.infer<typeof transferView>;

/**
 * The answer of POST /transfers/{type}, /wire-transfers/{sepa,domestic,international} and
 * /transfers/{id}/repeat. Fields
 * added after the first release are optional here: a replayed answer (same Idempotency-Key) is
 * the one stored when the request was first made.
 */
export const transferSubmittedData = z.object({
  transfer: transferView.partial({
    date: true,
    country: true,
    purpose_of_payment: true,
    settled_at: true,
    failure_reason: true,
    repeat_of: true,
  }),
});
export const transferSubmitted = successOf(transferSubmittedData);

/** The answer of GET /transfers/recent, newest first. */
export const recentTransfersData = z.object({ transfers: z.array(transferView) });
export const recentTransfers = successOf(recentTransfersData);

/**
 * The answer of GET /wire-transfers/sepa/quote: what a SEPA transfer of an amount costs in dollars
 * and delivers in euros, at the rate (integer millionths, as text) the bank applies until
 * `expires_at`.
 */
export const sepaQuoteData = z.object({
  quote: z.object({
    amount: money,
    fee: money,
    total: money,
    currency: z.literal('USD'),
    exchange: z.object({
      rate: z.string(),
      currency: z.literal('EUR'),
      amount: money,
      source: z.string(),
      as_of: z.string(),
    }),
    expires_at: isoInstant,
  }),
});
export type SepaQuote = z.infer<typeof sepaQuoteData>['quote'];
export const sepaQuoteAnswer = successOf(sepaQuoteData);

/** One transfer type's limits, in dollars, with what is used and left today and this month. */
export const transferLimit = z.object({
  type: anyTransferTypeSchema,
  title: z.string(),
  daily_limit: money,
  used_today: money,
  remaining_today: money,
  monthly_limit: money,
  used_this_month: money,
  remaining_this_month: money,
  minimum_amount: money,
  fee: money,
  processing_time: z.string(),
  currency: z.enum(['USD', 'EUR']),
});
export type TransferLimit = z.infer<typeof transferLimit>;

/** The answer of GET /transfers/limits: every type's limits, on the bank's business day. */
export const transferLimitsData = z.object({
  limits: z.record(anyTransferTypeSchema, transferLimit),
  time_zone: z.string(),
  business_date: z.string(),
});
export const transferLimitsAnswer = successOf(transferLimitsData);
