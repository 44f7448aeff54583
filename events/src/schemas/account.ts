import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

export const accountTypes = ['checking', 'savings', 'investment', 'business', 'other'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Cents, always a non-negative safe integer inside events. */
const cents = z.number().int().nonnegative();

export const AccountOpened = defineEvent(
  'AccountOpened',
  z.object({
    accountId: z.uuid(),
    customerId: z.uuid(),
    accountNumber: z.string().regex(/^\d{12}$/),
    routingNumber: z.string().regex(/^\d{9}$/),
    name: z.string(),
    type: z.enum(accountTypes),
    productCode: z.string(),
    currency: z.literal('USD'),
  }),
);

/**
 * One leg of a double-entry posting on a customer account. The other leg is either the
 * matching event on another account stream (same entryId) or the internal ledger account named
 * in `contra` (clearing accounts, fee income, cash).
 */
const posting = z.object({
  accountId: z.uuid(),
  entryId: z.uuid(),
  amount: cents,
  description: z.string(),
  /** What kind of movement: deposit, transfer, zelle, external, sepa, fee, bill_payment, crypto, ... */
  kind: z.string(),
  /** The other leg: `account:<uuid>` or an internal ledger account such as `clearing:external`. */
  contra: z.string(),
  reference: z.string(),
  /** When it took effect, if not when it was recorded (value date; imported or seeded history). */
  occurredAt: z.iso.datetime().optional(),
  /** A hold this posting settles, if any. */
  holdId: z.uuid().optional(),
  /**
   * Source details. Card purchases: merchant_name, merchant_category_code and merchant_country
   * (ISO 3166 alpha-2; absent on older purchases, which no card-abroad alert then sees).
   */
  metadata: z.record(z.string(), z.unknown()).optional(),
  /**
   * The account's owner, stamped by the account decider: whose key seals the description
   * (crypto-shredding). Absent on postings written before it existed, which stay in clear.
   */
  ownerCustomerId: z.uuid().optional(),
});
export type Posting = z.infer<typeof posting>;

export const AccountCredited = defineEvent('AccountCredited', posting);
export const AccountDebited = defineEvent('AccountDebited', posting);

/** A pending outgoing amount: lowers the available balance at once, the balance only when posted. */
export const FundsHeld = defineEvent(
  'FundsHeld',
  z.object({
    accountId: z.uuid(),
    holdId: z.uuid(),
    amount: cents,
    description: z.string(),
    kind: z.string(),
    reference: z.string(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    /** As on postings: whose key seals the description. */
    ownerCustomerId: z.uuid().optional(),
  }),
);

/** A hold is released without posting (a failed or cancelled pending payment). */
export const HoldReleased = defineEvent(
  'HoldReleased',
  z.object({
    accountId: z.uuid(),
    holdId: z.uuid(),
    reason: z.string(),
    /**
     * Why the money came back: the movement failed (the default, and every release written before
     * this field existed), the customer cancelled it, or it was returned (a person-to-person
     * payment nobody claimed in time). A receipt shows the last two as reversed, not failed.
     */
    outcome: z.enum(['failed', 'cancelled', 'returned']).optional(),
    /** The account's owner, as on postings (absent on releases written before it). */
    ownerCustomerId: z.uuid().optional(),
  }),
);

/**
 * The account is closed: nothing is posted to it or held on it again. Written when its owner is
 * erased, once it holds nothing (no balance, no open hold), so no money is left on, or can later
 * reach, an account whose owner the bank no longer knows.
 */
export const AccountClosed = defineEvent(
  'AccountClosed',
  z.object({
    accountId: z.uuid(),
    customerId: z.uuid(),
    reason: z.enum(['owner_erased']),
  }),
);

/**
 * A card charge paid from the account is disputed (its case is on the dispute's own stream). Its
 * refund, if staff grant it, is credited here, so the account must stay open until the case is
 * decided: the owner's erasure waits for it. Written in the same append as the dispute, checked
 * against the account's version, so a dispute and the account's closing never cross unseen.
 */
export const AccountChargeDisputed = defineEvent(
  'AccountChargeDisputed',
  z.object({
    accountId: z.uuid(),
    customerId: z.uuid(),
    /** The disputed history line: the dispute's stream is named after it. */
    transactionId: z.string(),
  }),
);

export const accountEvents = [
  AccountOpened,
  AccountClosed,
  AccountChargeDisputed,
  AccountCredited,
  AccountDebited,
  FundsHeld,
  HoldReleased,
] as const;
