import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

const cents = z.number().int().nonnegative();

export const zelleContactKinds = ['email', 'phone'] as const;
export type ZelleContactKind = (typeof zelleContactKinds)[number];

const contact = z.object({
  kind: z.enum(zelleContactKinds),
  /** Normalized: lower-case email, or the phone's digits without a leading US 1. */
  value: z.string(),
});
export type ZelleContact = z.infer<typeof contact>;

export const zelleStreams = {
  payment: (paymentId: string) => `zelle-payment-${paymentId}`,
  request: (requestId: string) => `zelle-request-${requestId}`,
  /** When one customer asked another for money: how often the payer may be asked is kept there. */
  asks: (requesterId: string, payerId: string) => `zelle-asks-${requesterId}-${payerId}`,
  /**
   * Payments waiting for whoever enrols this email or phone. Keyed like the reservation streams,
   * by a SHA-256 of the value, so enrolling (whose stream id carries only the hash) finds it.
   */
  inbox: (c: ZelleContact) => zelleStreams.inboxByHash(c.kind, contactHash(c.value)),
  inboxByHash: (kind: ZelleContact['kind'], hash: string) => `zelle-inbox-${kind}-${hash}`,
};

export function contactHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A person-to-person payment left the sender. To a customer of this bank it is completed at once
 * (postings in the same append); otherwise the amount is held until claimed or returned.
 */
export const ZellePaymentSent = defineEvent(
  'ZellePaymentSent',
  z.object({
    paymentId: z.uuid(),
    senderCustomerId: z.uuid(),
    senderName: z.string(),
    fromAccountId: z.uuid(),
    recipientName: z.string(),
    recipientContact: contact,
    recipientCustomerId: z.uuid().optional(),
    recipientAccountId: z.uuid().optional(),
    amount: cents,
    memo: z.string(),
    reference: z.string(),
    status: z.enum(['completed', 'pending']),
    holdId: z.uuid().optional(),
    /** The request this payment pays, if any. */
    requestId: z.uuid().optional(),
    /** When an unclaimed payment goes back to the sender. */
    expiresAt: z.iso.datetime().optional(),
    sentAt: z.iso.datetime(),
  }),
);

/** A pending payment was claimed by a new customer who enrolled the contact. */
export const ZellePaymentClaimed = defineEvent(
  'ZellePaymentClaimed',
  z.object({
    paymentId: z.uuid(),
    senderCustomerId: z.uuid(),
    recipientCustomerId: z.uuid(),
    recipientAccountId: z.uuid(),
    recipientName: z.string(),
    amount: cents,
    claimedAt: z.iso.datetime(),
    /**
     * The payment's own facts, repeated for the recipient's side (which is written from this
     * event alone); absent on claims written before they were.
     */
    senderName: z.string().optional(),
    memo: z.string().optional(),
    reference: z.string().optional(),
  }),
);

/** An unclaimed payment went back to the sender (its hold released). */
export const ZellePaymentReturned = defineEvent(
  'ZellePaymentReturned',
  z.object({
    paymentId: z.uuid(),
    senderCustomerId: z.uuid(),
    recipientName: z.string(),
    amount: cents,
    reason: z.string(),
    returnedAt: z.iso.datetime(),
  }),
);

/** The sender cancelled a payment nobody had claimed yet: its hold was released in the same append. */
export const ZellePaymentCancelled = defineEvent(
  'ZellePaymentCancelled',
  z.object({
    paymentId: z.uuid(),
    senderCustomerId: z.uuid(),
    recipientName: z.string(),
    amount: cents,
    cancelledAt: z.iso.datetime(),
  }),
);

/**
 * Points a contact's inbox at a pending payment, so enrolling the contact can claim it. The inbox
 * stream's id carries only the contact's hash; the contact itself is the sender's record, sealed in
 * ZellePaymentSent. Older events hold it here in clear; new ones leave it out.
 */
export const ZellePaymentAwaitingClaim = defineEvent(
  'ZellePaymentAwaitingClaim',
  z.object({ paymentId: z.uuid(), contact: contact.optional() }),
);

/** A customer asked another customer for money, to be paid into one of the requester's accounts. */
export const ZelleRequestCreated = defineEvent(
  'ZelleRequestCreated',
  z.object({
    requestId: z.uuid(),
    requesterCustomerId: z.uuid(),
    requesterName: z.string(),
    requesterAccountId: z.uuid(),
    payerCustomerId: z.uuid(),
    payerName: z.string(),
    payerContact: contact,
    amount: cents,
    memo: z.string(),
    reference: z.string(),
    createdAt: z.iso.datetime(),
  }),
);

export const ZelleRequestPaid = defineEvent(
  'ZelleRequestPaid',
  z.object({
    requestId: z.uuid(),
    requesterCustomerId: z.uuid(),
    payerCustomerId: z.uuid(),
    paymentId: z.uuid(),
    paidAt: z.iso.datetime(),
  }),
);

export const ZelleRequestDeclined = defineEvent(
  'ZelleRequestDeclined',
  z.object({
    requestId: z.uuid(),
    requesterCustomerId: z.uuid(),
    payerCustomerId: z.uuid(),
    payerName: z.string(),
    amount: cents,
    declinedAt: z.iso.datetime(),
  }),
);

/** The requester withdrew a request the payer had not yet paid or declined. */
export const ZelleRequestCancelled = defineEvent(
  'ZelleRequestCancelled',
  z.object({
    requestId: z.uuid(),
    requesterCustomerId: z.uuid(),
    requesterName: z.string(),
    payerCustomerId: z.uuid(),
    amount: cents,
    cancelledAt: z.iso.datetime(),
  }),
);

export const zelleEvents = [
  ZellePaymentSent,
  ZellePaymentClaimed,
  ZellePaymentReturned,
  ZellePaymentCancelled,
  ZellePaymentAwaitingClaim,
  ZelleRequestCreated,
  ZelleRequestPaid,
  ZelleRequestDeclined,
  ZelleRequestCancelled,
] as const;
