import { z } from 'zod';
import { successOf } from './envelope.ts';

/** What a customer can still take back before it completes. */
export const cancellableKinds = ['transfer', 'zelle-payment', 'zelle-request'] as const;
export type CancellableKind = (typeof cancellableKinds)[number];

/** The refusals of a cancel, in the words both the server and the web app use. */
export const CANCEL_MESSAGES = {
  transferSettled: 'This transfer has already settled and can no longer be cancelled.',
  transferFailed: 'This transfer did not go through, so there is nothing to cancel.',
  transferCancelled: 'This transfer was already cancelled.',
  wireFinal: 'A wire transfer cannot be cancelled once it is sent.',
  paymentDelivered: 'This payment was already delivered and can no longer be cancelled.',
  paymentReturned: 'This payment was already returned to you.',
  paymentCancelled: 'This payment was already cancelled.',
  requestPaid: 'This request was already paid and can no longer be cancelled.',
  requestDeclined: 'This request was already declined.',
  requestCancelled: 'This request was already cancelled.',
} as const;

/** The answer of every cancel: the item, now cancelled, and the money it gave back (dollars). */
export const cancelledItem = z.object({
  kind: z.enum(cancellableKinds),
  id: z.string(),
  status: z.literal('cancelled'),
  reference_number: z.string(),
  /** Dollars made available again (amount and any fee); 0 for a request. */
  returned: z.number(),
});
export const cancelReply = successOf(z.object({ cancelled: cancelledItem }));
export type CancelReply = z.infer<typeof cancelReply>;
