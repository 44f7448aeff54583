import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/** The kinds of transfer a recipient can be saved for (the address book). */
export const savedRecipientKinds = ['external-bank', 'sepa'] as const;
export type SavedRecipientKind = (typeof savedRecipientKinds)[number];

/**
 * A recipient saved to the customer's address book. The account number or IBAN is kept
 * encrypted; `destinationHash` is a SHA-256 of the account as the transfer pipeline names it
 * ("<routing>:<account>" or "iban:<IBAN>"), so a transfer to it is recognised however it is typed.
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
    destinationHash: z.string(),
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

export const savedRecipientEvents = [RecipientSaved, RecipientRenamed, RecipientRemoved] as const;
