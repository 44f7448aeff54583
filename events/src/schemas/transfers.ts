import { TRANSFER_TYPE_INFO, type TransferTypeInfo } from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/** Cents, always a non-negative safe integer inside events. */
const cents = z.number().int().nonnegative();

/**
 * The four types of the transfer page, then the wires sent from the wire page: a domestic wire
 * (Fedwire, by routing and account number) and an international one (SWIFT, in dollars).
 */
export const transferTypes = [
  'between-accounts',
  'same-bank',
  'external-bank',
  'sepa',
  'domestic-wire',
  'international-wire',
] as const;
export type TransferType = (typeof transferTypes)[number];

/** What a movement counts against: the per-type transfer limits, person-to-person, bill pay, crypto. */
export const movementCategories = [
  ...transferTypes,
  'zelle-send',
  'zelle-receive',
  'bill-pay',
  'crypto-buy',
  'crypto-sell',
  'crypto-deposit',
  'crypto-withdraw',
] as const;
export type MovementCategory = (typeof movementCategories)[number];

/**
 * One field of the contracts' transfer table for every transfer type. The fees and processing
 * times live there, beside the titles the screens show, so the deciders and the screens read the
 * same figures.
 */
function perTransferType<T>(pick: (info: TransferTypeInfo) => T): Record<TransferType, T> {
  return Object.fromEntries(
    transferTypes.map((type) => [type, pick(TRANSFER_TYPE_INFO[type])]),
  ) as Record<TransferType, T>;
}

/** Business constants shared by the deciders and the read side (cents). */
export const moneyRules = {
  /** The smallest transfer of any type. */
  minTransferCents: 5_00,
  /** Each type's fee in cents, as the contracts' transfer table states it (its one home). */
  transferFees: perTransferType((info) => info.feeCents),
  /** Each type's processing time, as the contracts' transfer table words it. */
  processingTimes: perTransferType((info) => info.processing),
  /**
   * The limits table, in one place: per channel, by the bank's day and calendar month
   * (America/New_York). README.md, "Limits", documents it.
   */
  dailyLimits: {
    'between-accounts': 50_000_00,
    'same-bank': 10_000_00,
    'external-bank': 5_000_00,
    sepa: 10_000_00,
    'domestic-wire': 50_000_00,
    'international-wire': 25_000_00,
    'zelle-send': 2_500_00,
    'zelle-receive': 5_000_00,
    'bill-pay': 10_000_00,
    /** Crypto: dollars paid or received, and the USD value of coins deposited or withdrawn. */
    'crypto-buy': 25_000_00,
    'crypto-sell': 100_000_00,
    'crypto-deposit': 100_000_00,
    'crypto-withdraw': 25_000_00,
  } satisfies Record<MovementCategory, number>,
  monthlyLimits: {
    'between-accounts': 250_000_00,
    'same-bank': 50_000_00,
    'external-bank': 20_000_00,
    sepa: 40_000_00,
    'domestic-wire': 200_000_00,
    'international-wire': 100_000_00,
    'zelle-send': 20_000_00,
    'zelle-receive': 40_000_00,
    'bill-pay': 50_000_00,
    'crypto-buy': 100_000_00,
    'crypto-sell': 500_000_00,
    'crypto-deposit': 500_000_00,
    'crypto-withdraw': 100_000_00,
  } satisfies Record<MovementCategory, number>,
  /**
   * A transfer to an external or SEPA account the customer saved or first paid less than
   * `newDestinationDays` ago (or never) is held to this per transfer, below the channel's daily
   * limit.
   */
  newDestinationTransferCents: 1_000_00,
  newDestinationDays: 3,
  /** The first payment to a bill payee never paid before is held to this. */
  newPayeeFirstPaymentCents: 2_500_00,
  /** One person-to-person payment or request. */
  zelleMinCents: 1,
  zelleMaxCents: 5_000_00,
};

/** Stream names of money movement, beside the core ones in streams.ts. */
export const moneyStreams = {
  transfer: (transferId: string) => `transfer-${transferId}`,
  /** A customer's recent movements: what limits and the duplicate check are decided on. */
  activity: (customerId: string) => `money-activity-${customerId}`,
  /** One stream per (customer, Idempotency-Key): written once, with the first answer. */
  idempotency: (customerId: string, keyHash: string) => `idempotency-${customerId}-${keyHash}`,
  /**
   * One stream per (customer, request) sent without a key that sets money up for later or asks for
   * it: when it was last accepted, so the same request again soon is refused as a duplicate.
   */
  repeatGuard: (customerId: string, requestHash: string) =>
    `repeat-guard-${customerId}-${requestHash}`,
};

/** Where an outgoing external or SEPA transfer goes; secrets are encrypted, the rest is shown. */
const destination = z.object({
  bankName: z.string().optional(),
  /** AES-GCM ciphertext of the external account number or IBAN (needed to repeat the transfer). */
  accountEncrypted: z.string().optional(),
  /** Last four characters of the account number or IBAN, for display and settlement rules. */
  accountLast4: z.string().optional(),
  routingNumber: z.string().optional(),
  recipientAddress: z.string().optional(),
  swiftCode: z.string().optional(),
  country: z.string().optional(),
  purposeOfPayment: z.string().optional(),
  /** Same-bank: the email or phone the recipient was found by. */
  recipientContact: z.string().optional(),
});

const fx = z.object({
  /** EUR per USD in millionths (921500 = 0.9215), from the simulated reference feed. */
  rateMicros: z.number().int().positive(),
  rate: z.string(),
  source: z.string(),
  asOf: z.string(),
  targetCurrency: z.literal('EUR'),
  targetAmount: cents,
});

/**
 * A transfer was accepted. Instant ones (own accounts, same bank) are recorded already completed,
 * in the same append as their postings; external and SEPA ones are pending until settlement.
 */
export const TransferInitiated = defineEvent(
  'TransferInitiated',
  z.object({
    transferId: z.uuid(),
    customerId: z.uuid(),
    type: z.enum(transferTypes),
    status: z.enum(['completed', 'pending']),
    fromAccountId: z.uuid(),
    fromAccountName: z.string(),
    toAccountId: z.uuid().optional(),
    toAccountName: z.string().optional(),
    recipientCustomerId: z.uuid().optional(),
    recipientName: z.string(),
    senderName: z.string(),
    amount: cents,
    fee: cents,
    memo: z.string(),
    transferDate: z.string(),
    description: z.string(),
    reference: z.string(),
    destination: destination,
    /** Holds taken on the source account for the amount and the fee (pending transfers). */
    holdId: z.uuid().optional(),
    feeHoldId: z.uuid().optional(),
    fx: fx.optional(),
    /** When the settlement job is due (pending transfers). */
    settleAfter: z.iso.datetime().optional(),
    initiatedAt: z.iso.datetime(),
    /** The transfer this one repeats, if any. */
    repeatOf: z.uuid().optional(),
  }),
);

/** The external network accepted the money: the holds were posted to clearing and fee income. */
/** What the notices of a settled or failed transfer need to say, without looking anything up. */
const outcomeFacts = {
  transferId: z.uuid(),
  customerId: z.uuid(),
  amount: cents,
  fee: cents,
  recipientName: z.string(),
  reference: z.string(),
  /** What kind of transfer it was, so a notice can name a wire; absent from older events. */
  transferType: z.enum(transferTypes).optional(),
};

export const TransferSettled = defineEvent(
  'TransferSettled',
  z.object({ ...outcomeFacts, settledAt: z.iso.datetime() }),
);

/** Settlement failed: the holds were released, so the money is back on the source account. */
export const TransferFailed = defineEvent(
  'TransferFailed',
  z.object({ ...outcomeFacts, reason: z.string(), failedAt: z.iso.datetime() }),
);

/**
 * The customer cancelled a pending transfer before it settled: its holds were released in the
 * same append, so the amount and the fee are available again.
 */
export const TransferCancelled = defineEvent(
  'TransferCancelled',
  z.object({ ...outcomeFacts, cancelledAt: z.iso.datetime() }),
);

/** One movement counted against the customer's limits (and remembered for duplicate checks). */
export const MoneyMovementRecorded = defineEvent(
  'MoneyMovementRecorded',
  z.object({
    customerId: z.uuid(),
    movementId: z.uuid(),
    category: z.enum(movementCategories),
    amount: cents,
    /** Hash of source, destination and amount: an identical movement within 60 s is a duplicate. */
    fingerprint: z.string().nullable(),
    at: z.iso.datetime(),
  }),
);

/** A movement that did not happen after all (failed settlement, returned payment): it no longer counts. */
export const MoneyMovementCancelled = defineEvent(
  'MoneyMovementCancelled',
  z.object({ customerId: z.uuid(), movementId: z.uuid(), reason: z.string() }),
);

/**
 * A first answer kept as what it is built from rather than as a copy: a transfer's answer is its
 * TransferInitiated event shown as the customer sees it, with the success message and the
 * balance left available then, which no event holds.
 */
export const keptReply = z.object({
  kind: z.literal('transfer'),
  transferId: z.uuid(),
  message: z.string(),
  availableAfterCents: z.number().int(),
});
export type KeptReply = z.infer<typeof keptReply>;

/**
 * The first answer to an Idempotency-Key: every retry with the same key gets it again. Its body
 * is kept (sealed: it holds personal data), or, for an answer built from events the same append
 * wrote, `kept` says how to build it again and the body is null.
 */
export const IdempotentRequestRecorded = defineEvent(
  'IdempotentRequestRecorded',
  z.object({
    customerId: z.uuid(),
    requestHash: z.string(),
    statusCode: z.number().int(),
    body: z.unknown(),
    kept: keptReply.optional(),
    at: z.iso.datetime(),
  }),
);

export const transferEvents = [
  TransferInitiated,
  TransferSettled,
  TransferFailed,
  TransferCancelled,
  MoneyMovementRecorded,
  MoneyMovementCancelled,
  IdempotentRequestRecorded,
] as const;
