import { z } from 'zod';
import { successOf } from './envelope.ts';

/** Transfers that can be scheduled ahead or repeated: SEPA's rate is quoted for today only. */
export const SCHEDULABLE_TRANSFER_TYPES = [
  'between-accounts',
  'same-bank',
  'external-bank',
] as const;
export const TRANSFER_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type TransferFrequency = (typeof TRANSFER_FREQUENCIES)[number];

export const TRANSFER_FREQUENCY_LABELS: Record<TransferFrequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every 2 weeks',
  monthly: 'Every month',
};

/** The field messages of scheduling that the server and the browser both give. */
export const SCHEDULE_FIELD_MESSAGES = {
  frequency: 'Please choose how often: weekly, every 2 weeks or monthly',
  endDate: 'The end date must be a valid date on or after the transfer date.',
  endTooFar: 'The end date can be at most 10 years after the transfer date.',
  endCount: 'The number of transfers must be a whole number from 1 to 520.',
  endBoth: 'Choose an end date or a number of transfers, not both.',
  sepa: 'SEPA transfers are sent today only; they cannot be scheduled.',
  datePast: 'The transfer date cannot be earlier than today.',
  dateTooFar: 'A transfer can be scheduled at most one year ahead.',
} as const;

const money = z.number();

/** A scheduled or recurring transfer as the Scheduled list and the schedule answers show it. */
export const scheduledTransferView = z.object({
  id: z.string(),
  type: z.enum(SCHEDULABLE_TRANSFER_TYPES),
  /**
   * active: more transfers to come; completed: its end was reached; cancelled by the customer;
   * stopped by the bank, at a run refused for a reason that cannot go away (last_run says why).
   */
  status: z.enum(['active', 'completed', 'cancelled', 'stopped']),
  amount: money,
  formatted_amount: z.string(),
  memo: z.string(),
  from_account: z.object({ id: z.string(), name: z.string().nullable() }),
  /** Between own accounts: the account it goes to (an edit cannot take money from it). */
  to_account: z.object({ id: z.string() }).nullable(),
  recipient_name: z.string(),
  /** The other account: own account's name, the contact, or the masked account and bank. */
  recipient_detail: z.string().nullable(),
  frequency: z.enum(TRANSFER_FREQUENCIES).nullable(),
  frequency_label: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  end_count: z.number().int().nullable(),
  next_date: z.string().nullable(),
  runs: z.number().int(),
  last_run: z
    .object({
      date: z.string(),
      status: z.enum(['completed', 'failed']),
      reference_number: z.string().nullable(),
      failure_reason: z.string().nullable(),
    })
    .nullable(),
});
export type ScheduledTransferView = z.infer<typeof scheduledTransferView>;

export const scheduledTransferReply = successOf(
  z.object({ scheduled_transfer: scheduledTransferView }),
);
export const scheduledTransferList = successOf(
  z.object({ scheduled_transfers: z.array(scheduledTransferView) }),
);
