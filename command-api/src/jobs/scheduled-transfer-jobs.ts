import { startOfBankDate } from '../domain/bill-pay/calendar.ts';
import type { CommandContext } from '../services/context.ts';
import {
  runScheduledTransfer,
  scheduleClock,
  tellScheduledTransferNotMade,
} from '../services/scheduled-transfers.ts';
import {
  defineScheduler,
  type JobProcessor,
  type JobScheduler,
  type ScheduledJob,
} from './job-system.ts';

export const SCHEDULED_TRANSFER_JOB = 'scheduled-transfer-occurrence';

/**
 * One delayed job per occurrence, due at the start of its date in the bank's time zone and keyed
 * by schedule id and date: a schedule's first date, each edit's new date, and the next date each
 * run (made or failed) names. A job whose date is no longer the schedule's next (edited, or
 * cancelled) finds nothing to do. `edit` names the edit that called for the job: an edit back
 * onto a date whose job already ran (and found nothing due) needs a job of its own, as the
 * queue keeps a finished job's id and would take the new one for it.
 */
function occurrenceJob(scheduleId: string, date: string, edit?: string): ScheduledJob {
  return {
    name: SCHEDULED_TRANSFER_JOB,
    jobId: `scheduled-transfer-${scheduleId}-${date}${edit ? `-edit-${edit}` : ''}`,
    data: { scheduleId, date },
    delayMs: Math.max(0, startOfBankDate(date).getTime() - scheduleClock.now().getTime()),
  };
}

export const scheduledTransferScheduler: JobScheduler = defineScheduler(
  [
    'TransferScheduled',
    'TransferScheduleChanged',
    'ScheduledTransferRan',
    'ScheduledTransferFailed',
  ],
  ({ event, eventId }) =>
    event.data.nextDate
      ? [
          occurrenceJob(
            event.data.scheduleId,
            event.data.nextDate,
            event.type === 'TransferScheduleChanged' ? eventId : undefined,
          ),
        ]
      : [],
);

export function scheduledTransferProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [SCHEDULED_TRANSFER_JOB](data) {
      return {
        outcome: await runScheduledTransfer(ctx, String(data.scheduleId), String(data.date)),
      };
    },
  };
}

/** An occurrence whose job gave up: the customer hears it was not made. */
export function scheduledTransferGaveUp(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [SCHEDULED_TRANSFER_JOB](data) {
      return {
        outcome: await tellScheduledTransferNotMade(
          ctx,
          String(data.scheduleId),
          String(data.date),
        ),
      };
    },
  };
}
