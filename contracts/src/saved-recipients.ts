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
});
export type SavedRecipientView = z.infer<typeof savedRecipientView>;

export const savedRecipientReply = successOf(z.object({ recipient: savedRecipientView }));
export const savedRecipientList = successOf(z.object({ recipients: z.array(savedRecipientView) }));
