import { z } from 'zod';
import { successOf } from './envelope.ts';

/** What a lookup, and a transfer to another customer, say of a recipient they cannot use. */
export const RECIPIENT_MESSAGES = {
  notFound: 'Recipient not found',
  yourself: 'You cannot send a transfer to yourself. Use a transfer between your accounts.',
  found: 'Recipient found',
} as const;

/**
 * The answer of POST /transfers/validate-recipient: whether the email or phone belongs to another
 * customer of the bank, who (name and id, null when not), and the message to show.
 */
export const recipientLookupData = z.object({
  valid: z.boolean(),
  message: z.string(),
  recipientName: z.string().nullable(),
  recipientId: z.string().nullable(),
});
export type RecipientLookupView = z.infer<typeof recipientLookupData>;
export const recipientLookupReply = successOf(recipientLookupData);
