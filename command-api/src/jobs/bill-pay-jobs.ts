import { startOfBankDate, type IsoDate } from '../domain/bill-pay/calendar.ts';
import type { CommandContext } from '../services/context.ts';
import {
  billPayClock,
  runAutopayOccurrence,
  runScheduledOccurrence,
  tellBillPaymentNotMade,
} from '../services/bill-pay.ts';
import {
  defineScheduler,
  type JobProcessor,
  type JobScheduler,
  type ScheduledJob,
} from './job-system.ts';

export const BILL_PAYMENT_JOB = 'bill-payment-occurrence';
export const AUTOPAY_JOB = 'bill-autopay-occurrence';

/** An occurrence is due at the start of its date in the bank's time zone. */
function delayUntil(date: IsoDate): number {
  return Math.max(0, startOfBankDate(date).getTime() - billPayClock.now().getTime());
}

/**
 * `edit` names the change that called for the job: an edit back to a date whose job already ran
 * (and found nothing due) must get a job of its own, not the finished one's id.
 */
function scheduledJob(paymentId: string, date: IsoDate, edit?: string): ScheduledJob {
  return {
    name: BILL_PAYMENT_JOB,
    jobId: `bill-payment-${paymentId}-${date}${edit ? `-edit-${edit}` : ''}`,
    data: { paymentId, date },
    delayMs: delayUntil(date),
  };
}

/** `change` names the AutoPay change that called for the job, as `edit` does for a schedule. */
function autopayJob(
  customerId: string,
  payeeId: string,
  date: IsoDate,
  change?: string,
): ScheduledJob {
  return {
    name: AUTOPAY_JOB,
    jobId: `bill-autopay-${payeeId}-${date}${change ? `-change-${change}` : ''}`,
    data: { customerId, payeeId, date },
    delayMs: delayUntil(date),
  };
}

/**
 * One delayed job per occurrence: a schedule's first date, a payee's first AutoPay date, and the
 * next date each handled occurrence names (paid or failed: a month refused for a reason that may
 * go away, funds or a limit, does not stop AutoPay; one refused for good names none).
 * A payment paid at once also gets a job for its first date, which finds it done. An edit of a
 * schedule gets a job for its new date; the job of the date it left finds nothing due, and so do
 * the jobs of a cancelled schedule. An AutoPay turned on or changed gets a job for its first date;
 * the job of a date it left, or of an AutoPay turned off, finds nothing due and ends that chain,
 * and where two jobs meet on one date the occurrence is paid once.
 */
export const billPayScheduler: JobScheduler = defineScheduler(
  [
    'BillPaymentScheduled',
    'BillPaymentScheduleChanged',
    'BillPayeeAdded',
    'BillPayeeAutopayChanged',
    'BillPaymentPaid',
    'BillPaymentFailed',
  ],
  ({ event, eventId }) => {
    switch (event.type) {
      case 'BillPaymentScheduled':
        return [scheduledJob(event.data.paymentId, event.data.firstDate)];
      case 'BillPaymentScheduleChanged':
        return [scheduledJob(event.data.paymentId, event.data.nextDate, eventId)];
      case 'BillPayeeAdded':
        return event.data.autopay
          ? [autopayJob(event.data.customerId, event.data.payeeId, event.data.autopay.firstDate)]
          : [];
      case 'BillPayeeAutopayChanged': {
        const { customerId, payeeId, autopay } = event.data;
        return autopay ? [autopayJob(customerId, payeeId, autopay.firstDate, eventId)] : [];
      }
      case 'BillPaymentPaid':
      case 'BillPaymentFailed': {
        const d = event.data;
        if (!d.nextDate) return [];
        return [
          d.source === 'autopay'
            ? autopayJob(d.customerId, d.payeeId, d.nextDate)
            : scheduledJob(d.scheduleId, d.nextDate),
        ];
      }
    }
  },
);

export function billPayProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [BILL_PAYMENT_JOB](data) {
      const outcome = await runScheduledOccurrence(ctx, String(data.paymentId), String(data.date));
      return { outcome: outcome.result };
    },
    async [AUTOPAY_JOB](data) {
      const outcome = await runAutopayOccurrence(
        ctx,
        String(data.customerId),
        String(data.payeeId),
        String(data.date),
      );
      return { outcome: outcome.result };
    },
  };
}

/** An occurrence whose job gave up: the customer hears it was not made. */
export function billPayGaveUp(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [BILL_PAYMENT_JOB](data) {
      const paymentId = String(data.paymentId);
      const date = String(data.date);
      return {
        outcome: await tellBillPaymentNotMade(ctx, { source: 'scheduled', paymentId, date }),
      };
    },
    async [AUTOPAY_JOB](data) {
      const occurrence = {
        source: 'autopay' as const,
        customerId: String(data.customerId),
        payeeId: String(data.payeeId),
        date: String(data.date),
      };
      return { outcome: await tellBillPaymentNotMade(ctx, occurrence) };
    },
  };
}

export const billPayJobModule = {
  processors: billPayProcessors,
  schedulers: [billPayScheduler],
  gaveUp: billPayGaveUp,
};
