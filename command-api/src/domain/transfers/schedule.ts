import {
  ScheduledTransferFailed,
  ScheduledTransferRan,
  TransferScheduleCancelled,
  TransferScheduleChanged,
  TransferScheduleStopped,
  TransferScheduled,
  type EventData,
} from '@bank/events';
import { SCHEDULE_FIELD_MESSAGES } from '@bank/contracts';
import { lastScheduleEndDate, lastSchedulableDate } from '@bank/contracts/bank-time';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { occurrenceDate, type IsoDate } from '../bill-pay/calendar.ts';

export type SchedulePlan = Pick<
  EventData<'TransferScheduled'>,
  'fromAccountId' | 'amountCents' | 'memo' | 'startDate' | 'recurrence'
>;

export const SCHEDULE_PAST_DATE = SCHEDULE_FIELD_MESSAGES.datePast;
export const SCHEDULE_END_BEFORE_START = 'The end date must be on or after the transfer date.';
export const SCHEDULE_NOT_ACTIVE = 'This scheduled transfer has already ended or been cancelled.';
export const SCHEDULE_TOO_FAR = SCHEDULE_FIELD_MESSAGES.dateTooFar;
export const SCHEDULE_END_TOO_FAR = SCHEDULE_FIELD_MESSAGES.endTooFar;
export const SCHEDULE_ALREADY_RAN_ON_DATE =
  'A transfer of this schedule already ran on or after that date; please choose a later date.';

/**
 * The date of the next transfer of a plan: the first occurrence after `after` (null: the first
 * of all), counting from the start date (a monthly transfer on the 31st runs on the 30th in April
 * and on the 31st again in May). Null when the plan has ended: past its end date, or `runsDone`
 * transfers reached its count (a one-off plan runs once).
 */
export function nextRunDate(
  plan: Pick<SchedulePlan, 'startDate' | 'recurrence'>,
  runsDone: number,
  after: IsoDate | null,
): IsoDate | null {
  const { recurrence } = plan;
  if (!recurrence) {
    return runsDone === 0 && (after === null || plan.startDate > after) ? plan.startDate : null;
  }
  if (recurrence.count !== null && runsDone >= recurrence.count) return null;
  // Skip ahead close to `after` instead of walking every occurrence from the start.
  const daysPerStep = { weekly: 7, biweekly: 14, monthly: 31 }[recurrence.frequency];
  const gapDays = after === null ? 0 : daysBetween(plan.startDate, after);
  let n = Math.max(0, Math.floor(gapDays / daysPerStep) - 1);
  for (;;) {
    const candidate = occurrenceDate(plan.startDate, recurrence.frequency, n);
    n += 1;
    if (after !== null && candidate <= after) continue;
    return recurrence.endDate !== null && candidate > recurrence.endDate ? null : candidate;
  }
}

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ScheduleState {
  schedule: EventData<'TransferScheduled'> | null;
  plan: SchedulePlan | null;
  /** Transfers run (or failed) under the current plan: what a count end is checked against. */
  runsInPlan: number;
  /** The date the next job must run; null once ended or cancelled. */
  nextDate: IsoDate | null;
  /** The latest date a transfer ran (or failed) on: its job is done and will not run again. */
  lastHandled: IsoDate | null;
  cancelled: boolean;
  /**
   * Stopped by the bank: an occurrence was refused for a reason that can never go away, or its
   * same-bank recipient was erased.
   */
  stopped: boolean;
}

export const transferScheduleAggregate: Aggregate<
  ScheduleState,
  StreamEvent<
    | 'TransferScheduled'
    | 'TransferScheduleChanged'
    | 'TransferScheduleCancelled'
    | 'TransferScheduleStopped'
    | 'ScheduledTransferRan'
    | 'ScheduledTransferFailed'
  >
> = {
  name: 'transfer-schedule',
  initial: () => ({
    schedule: null,
    plan: null,
    runsInPlan: 0,
    nextDate: null,
    lastHandled: null,
    cancelled: false,
    stopped: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'TransferScheduled':
        return { ...state, schedule: event.data, plan: event.data, nextDate: event.data.nextDate };
      case 'TransferScheduleChanged':
        return { ...state, plan: event.data, runsInPlan: 0, nextDate: event.data.nextDate };
      case 'TransferScheduleCancelled':
        return { ...state, cancelled: true, nextDate: null };
      case 'TransferScheduleStopped':
        return { ...state, stopped: true, nextDate: null };
      case 'ScheduledTransferRan':
        return {
          ...state,
          runsInPlan: state.runsInPlan + 1,
          nextDate: event.data.nextDate,
          lastHandled: event.data.date,
        };
      case 'ScheduledTransferFailed':
        return {
          ...state,
          runsInPlan: state.runsInPlan + 1,
          nextDate: event.data.nextDate,
          lastHandled: event.data.date,
          stopped: event.data.stopped === true,
        };
      default:
        return state;
    }
  },
};

/** Checks a plan's dates against `today` (the bank's date); returns its first run date. */
export function requireValidPlan(plan: SchedulePlan, today: IsoDate): IsoDate {
  if (plan.startDate < today) throw new DomainError('date', SCHEDULE_PAST_DATE, 'transferDate');
  if (plan.startDate > lastSchedulableDate(today)) {
    throw new DomainError('date', SCHEDULE_TOO_FAR, 'transferDate');
  }
  const end = plan.recurrence?.endDate;
  if (end && end < plan.startDate) {
    throw new DomainError('end_date', SCHEDULE_END_BEFORE_START, 'endDate');
  }
  if (end && end > lastScheduleEndDate(plan.startDate)) {
    throw new DomainError('end_date', SCHEDULE_END_TOO_FAR, 'endDate');
  }
  return plan.startDate;
}

export function decideNewSchedule(
  data: Omit<EventData<'TransferScheduled'>, 'nextDate'>,
  today: IsoDate,
) {
  const nextDate = requireValidPlan(data, today);
  return [TransferScheduled.create({ ...data, nextDate })];
}

function requireActive(state: ScheduleState, customerId: string) {
  if (!state.schedule || state.schedule.customerId !== customerId) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  if (state.cancelled || state.nextDate === null) {
    throw new DomainError('schedule_ended', SCHEDULE_NOT_ACTIVE);
  }
  return state.schedule;
}

/** A new plan for an active schedule, from its new start date. */
export function decideChangeSchedule(
  state: ScheduleState,
  customerId: string,
  plan: SchedulePlan,
  today: IsoDate,
) {
  const schedule = requireActive(state, customerId);
  const nextDate = requireValidPlan(plan, today);
  // That date's job has run: a plan starting there again would wait for it for ever.
  if (state.lastHandled !== null && nextDate <= state.lastHandled) {
    throw new DomainError('date', SCHEDULE_ALREADY_RAN_ON_DATE, 'transferDate');
  }
  return [
    TransferScheduleChanged.create({
      customerId,
      scheduleId: schedule.scheduleId,
      ...plan,
      nextDate,
    }),
  ];
}

/** Cancels an active schedule; cancelling it again (a retry, a second tab) records nothing. */
export function decideCancelSchedule(state: ScheduleState, customerId: string) {
  if (state.cancelled && state.schedule?.customerId === customerId) return [];
  const schedule = requireActive(state, customerId);
  return [TransferScheduleCancelled.create({ customerId, scheduleId: schedule.scheduleId })];
}

/**
 * Ends a schedule whose same-bank recipient is erased: no later run could pay them, so it stops
 * now rather than on its next date. One already ended (run out, cancelled, stopped) is left as
 * it is.
 */
export function decideStopForErasedRecipient(state: ScheduleState, recipientCustomerId: string) {
  const s = state.schedule;
  if (!s || state.cancelled || state.nextDate === null) return [];
  if (s.destination.type !== 'same-bank') return [];
  if (s.destination.recipientCustomerId !== recipientCustomerId) return [];
  return [
    TransferScheduleStopped.create({
      customerId: s.customerId,
      scheduleId: s.scheduleId,
      reason: 'recipient_erased',
    }),
  ];
}

/** Whether `date` is the occurrence the schedule waits for now (a stale or repeated job is not). */
export function isDue(state: ScheduleState, date: IsoDate): boolean {
  return state.schedule !== null && !state.cancelled && state.nextDate === date;
}

/** The date after a handled occurrence: counted against the plan including this run. */
function following(state: ScheduleState, date: IsoDate): IsoDate | null {
  return state.plan ? nextRunDate(state.plan, state.runsInPlan + 1, date) : null;
}

export function decideRan(
  state: ScheduleState,
  date: IsoDate,
  transfer: { transferId: string; reference: string; amountCents: number },
) {
  const s = state.schedule!;
  return [
    ScheduledTransferRan.create({
      customerId: s.customerId,
      scheduleId: s.scheduleId,
      date,
      ...transfer,
      nextDate: following(state, date),
    }),
  ];
}

/**
 * A failed occurrence. The schedule goes on to its next date, unless the refusal can never go
 * away (`stops`, see refusalStopsSchedule): then the series ends here, marked stopped, rather
 * than failing on every date until the customer finds and cancels it. A failure that is the
 * plan's last occurrence anyway ends it as any last occurrence does: there was nothing to stop.
 */
export function decideFailed(
  state: ScheduleState,
  date: IsoDate,
  reason: string,
  { stops = false }: { stops?: boolean } = {},
) {
  const s = state.schedule!;
  const next = following(state, date);
  const stopped = stops && next !== null;
  return [
    ScheduledTransferFailed.create({
      customerId: s.customerId,
      scheduleId: s.scheduleId,
      date,
      reason,
      nextDate: stopped ? null : next,
      ...(stopped ? { stopped: true as const } : {}),
    }),
  ];
}
