import { z } from 'zod';
import { successOf } from './envelope.ts';

/** What a lookup, and a transfer to another customer, say of a recipient they cannot use. */
export const RECIPIENT_MESSAGES = {
  notFound: 'Recipient not found',
  /**
   * A Zelle request (or a split's share) to someone not enrolled: unlike a payment, which waits
   * for the recipient to enrol, a request needs a payer who can answer it now, so say why and
   * point at the way that does work.
   */
  requestNotEnrolled:
    "We couldn't find anyone enrolled in Zelle with this email or phone. You can only request money from enrolled people, but you can still send money to them.",
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
