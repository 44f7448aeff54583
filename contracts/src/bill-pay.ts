import { z } from 'zod';
import { successOf } from './envelope.ts';

/**
 * A scheduled bill payment as the edit and cancel answers show it: its plan now and the date it
 * waits for (null once it has ended or was cancelled).
 */
export const scheduledBillPaymentView = z.object({
  /** The schedule's id: what the Upcoming Payments list names as `payment_id`. */
  id: z.string(),
  payee_id: z.string(),
  payee_name: z.string(),
  category: z.string(),
  from_account_id: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  next_payment_date: z.string().nullable(),
  is_recurring: z.boolean(),
  recurring_frequency: z.string().nullable(),
  recurring_end_date: z.string().nullable(),
  /** scheduled: payments to come; completed: the last one was made; cancelled by the customer. */
  status: z.enum(['scheduled', 'completed', 'cancelled']),
});
export type ScheduledBillPaymentView = z.infer<typeof scheduledBillPaymentView>;

export const scheduledBillPaymentReply = successOf(z.object({ payment: scheduledBillPaymentView }));
