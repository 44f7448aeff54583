import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/** The kinds of transfer a recipient can be saved for (the address book). */
export const savedRecipientKinds = ['external-bank', 'sepa'] as const;
export type SavedRecipientKind = (typeof savedRecipientKinds)[number];

/**
 * How a destination account is recognised without its number in the clear: a hash of the account
 * as the transfer pipeline names it ("<routing>:<account>" or "iban:<IBAN>"), so a transfer to it
 * is recognised however it is typed. Written as "hmac-sha256:<hex>", keyed with a key derived from
 * the bank's own keys: an account number has so few digits that an unkeyed hash of it is undone by
 * trying them all. Events written before carry a bare SHA-256 hex, which is still matched.
 */
const destinationHash = z.string();

/**
 * A recipient saved to the customer's address book. The account number or IBAN is kept
 * encrypted; `destinationHash` recognises it (see above).
 */
export const RecipientSaved = defineEvent(
  'RecipientSaved',
  z.object({
    customerId: z.uuid(),
    recipientId: z.uuid(),
    kind: z.enum(savedRecipientKinds),
    nickname: z.string(),
    recipientName: z.string(),
    bankName: z.string(),
    accountEncrypted: z.string(),
    accountLast4: z.string(),
    destinationHash,
    routingNumber: z.string().optional(),
    country: z.string().optional(),
    swiftCode: z.string().optional(),
    savedAt: z.iso.datetime(),
  }),
);

export const RecipientRenamed = defineEvent(
  'RecipientRenamed',
  z.object({ customerId: z.uuid(), recipientId: z.uuid(), nickname: z.string() }),
);

export const RecipientRemoved = defineEvent(
  'RecipientRemoved',
  z.object({ customerId: z.uuid(), recipientId: z.uuid() }),
);

/**
 * The customer's first transfer to an external or SEPA account (saved or typed in), on the same
 * stream as the address book: from then on, plus the waiting period, it is no longer a new
 * destination. Recorded when the transfer is sent, once per destination.
 */
export const DestinationFirstPaid = defineEvent(
  'DestinationFirstPaid',
  z.object({
    customerId: z.uuid(),
    destinationHash,
    transferId: z.uuid(),
    paidAt: z.iso.datetime(),
  }),
);

export const savedRecipientEvents = [
  RecipientSaved,
  RecipientRenamed,
  RecipientRemoved,
  DestinationFirstPaid,
] as const;
