import { z } from 'zod';
import { successOf } from './envelope.ts';

/** A saved external or SEPA recipient as the address book shows it: the account masked. */
export const savedRecipientView = z.object({
  id: z.string(),
  type: z.enum(['external-bank', 'sepa']),
  nickname: z.string(),
  recipient_name: z.string(),
  bank_name: z.string(),
  /** The last four digits only, as `****1234`. */
  account: z.string(),
  /** ACH recipients only. */
  routing_number: z.string().nullable(),
  /** SEPA recipients only. */
  country: z.string().nullable(),
  swift_code: z.string().nullable(),
  saved_at: z.string(),
  /**
   * While the account is new (saved or first paid less than 3 days ago), the most each transfer
   * to it may send (dollars) and when that ends; null once it is known.
   */
  new_account_limit: z
    .object({ per_transfer: z.number(), until: z.string() })
    .nullable()
    .describe(
      'While the account is new (saved or first paid less than 3 days ago): the most each transfer to it may send, in dollars, and until when; null once it is known.',
    ),
});
export type SavedRecipientView = z.infer<typeof savedRecipientView>;

export const savedRecipientReply = successOf(z.object({ recipient: savedRecipientView }));
export const savedRecipientList = successOf(z.object({ recipients: z.array(savedRecipientView) }));
