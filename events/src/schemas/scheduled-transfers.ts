import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

const cents = z.number().int().nonnegative();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How often a recurring transfer runs. */
export const transferFrequencies = ['weekly', 'biweekly', 'monthly'] as const;
export type TransferFrequency = (typeof transferFrequencies)[number];

/** The types of transfer that can be scheduled (SEPA's rate is only quoted for today). */
export const schedulableTransferTypes = ['between-accounts', 'same-bank', 'external-bank'] as const;
export type SchedulableTransferType = (typeof schedulableTransferTypes)[number];

/**
 * Where a scheduled transfer goes: enough to send it on its day through the transfer pipeline.
 * An external account number is kept encrypted, as a transfer's is.
 */
const scheduleDestination = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('between-accounts'),
    toAccountId: z.uuid(),
    toAccountName: z.string(),
  }),
  z.object({
    type: z.literal('same-bank'),
    recipientCustomerId: z.uuid(),
    recipientName: z.string(),
    /** The email or phone the recipient was found by. */
    recipientContact: z.string(),
  }),
  z.object({
    type: z.literal('external-bank'),
    recipientName: z.string(),
    bankName: z.string(),
    accountEncrypted: z.string(),
    accountLast4: z.string(),
    routingNumber: z.string(),
    recipientAddress: z.string().optional(),
  }),
]);

/**
 * When a schedule runs: once on startDate (recurrence null), or from startDate at a frequency
 * until an end date (inclusive) or a number of transfers, whichever comes first; neither means
 * until cancelled.
 */
const plan = {
  fromAccountId: z.uuid(),
  amountCents: cents,
  memo: z.string(),
  startDate: isoDate,
  recurrence: z
    .object({
      frequency: z.enum(transferFrequencies),
      endDate: isoDate.nullable(),
      count: z.number().int().positive().nullable(),
    })
    .nullable(),
};

export const TransferScheduled = defineEvent(
  'TransferScheduled',
  z.object({
    customerId: z.uuid(),
    scheduleId: z.uuid(),
    destination: scheduleDestination,
    ...plan,
    nextDate: isoDate,
  }),
);

/** The customer changed the amount, the date, the frequency or the end: a new plan from now. */
export const TransferScheduleChanged = defineEvent(
  'TransferScheduleChanged',
  z.object({ customerId: z.uuid(), scheduleId: z.uuid(), ...plan, nextDate: isoDate.nullable() }),
);

export const TransferScheduleCancelled = defineEvent(
  'TransferScheduleCancelled',
  z.object({ customerId: z.uuid(), scheduleId: z.uuid() }),
);

/**
 * The bank ended a schedule that can no longer run, before its next occurrence: its same-bank
 * recipient was erased (no customer is paid under that contact any more). Names nobody.
 */
export const TransferScheduleStopped = defineEvent(
  'TransferScheduleStopped',
  z.object({
    customerId: z.uuid(),
    scheduleId: z.uuid(),
    reason: z.enum(['recipient_erased']),
  }),
);

/** One occurrence ran: the transfer it made, and the following date (null: the schedule ended). */
export const ScheduledTransferRan = defineEvent(
  'ScheduledTransferRan',
  z.object({
    customerId: z.uuid(),
    scheduleId: z.uuid(),
    date: isoDate,
    transferId: z.uuid(),
    reference: z.string(),
    amountCents: cents,
    nextDate: isoDate.nullable(),
  }),
);

/**
 * One occurrence was refused on its day (funds, limits, recipient): nothing moved. `stopped`: the
 * refusal can never go away (an account gone, a destination refused for good), so the bank ended
 * the series there (nextDate null) rather than letting it fail on every date; absent, the
 * schedule went on to nextDate, or ended at its last occurrence (null).
 */
export const ScheduledTransferFailed = defineEvent(
  'ScheduledTransferFailed',
  z.object({
    customerId: z.uuid(),
    scheduleId: z.uuid(),
    date: isoDate,
    reason: z.string(),
    nextDate: isoDate.nullable(),
    stopped: z.literal(true).optional(),
  }),
);

/**
 * A customer's book of schedules that may still run (scheduled transfers, scheduled bill
 * payments), which bounds how many one customer may have: a schedule written in when it starts,
 * and out once it cannot run any more.
 */
const bookEntry = z.object({ customerId: z.uuid(), scheduleId: z.uuid() });
export const ScheduleBooked = defineEvent('ScheduleBooked', bookEntry);
export const ScheduleUnbooked = defineEvent('ScheduleUnbooked', bookEntry);

export const scheduledTransferEvents = [
  TransferScheduled,
  TransferScheduleChanged,
  TransferScheduleCancelled,
  TransferScheduleStopped,
  ScheduledTransferRan,
  ScheduledTransferFailed,
  ScheduleBooked,
  ScheduleUnbooked,
] as const;
