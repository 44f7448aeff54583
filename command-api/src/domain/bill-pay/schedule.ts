import {
  MAX_ACTIVE_SCHEDULES,
  RECURRING_FREQUENCY_LABELS,
  SCHEDULE_LIMIT_MESSAGES,
} from '@bank/contracts';
import {
  BillPaymentScheduleAdvanced,
  BillPaymentScheduleCancelled,
  BillPaymentScheduleChanged,
  formatUsd,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { requireWithinLimits } from '../transfers/limits.ts';
import { nextOccurrence, occurrenceDate, readableDate, type IsoDate } from './calendar.ts';
import { requireFirstPaymentLimit, type Payee, type PayeesState } from './payees.ts';
import type { ScheduleLimit } from '../schedule-book.ts';
import {
  END_BEFORE_START,
  MINIMUM_PAYMENT,
  MINIMUM_PAYMENT_CENTS,
  requirePaymentDate,
} from './payment.ts';

/** What an edit may change: never the payee (nor the memo). */
export type BillSchedulePlan = Pick<
  EventData<'BillPaymentScheduleChanged'>,
  'fromAccountId' | 'amountCents' | 'startDate' | 'recurrence'
>;

export const SCHEDULE_CANCELLED = 'This scheduled payment was cancelled; it cannot be changed.';
export const SCHEDULE_FINISHED = 'This scheduled payment has already been made; it has ended.';
export const SCHEDULE_STOPPED =
  'This scheduled payment was stopped: a payment of it was refused for good. Schedule a new one instead.';
export const ALREADY_PAID_ON_DATE =
  'A payment of this schedule was already made on or after that date; please choose a later date.';

/** A scheduled payment as its own stream tells it: the plan now, and the date it waits for. */
export interface BillScheduleState {
  schedule: EventData<'BillPaymentScheduled'> | null;
  plan: BillSchedulePlan | null;
  /** The occurrence the schedule waits for; null once finished or cancelled. */
  nextDate: IsoDate | null;
  /** The last occurrence handled (paid or failed), as far as this stream knows. */
  lastHandled: IsoDate | null;
  cancelled: boolean;
  /** Ended by the bank: an occurrence was refused for a reason that can never go away. */
  stopped: boolean;
}

export const billScheduleAggregate: Aggregate<
  BillScheduleState,
  StreamEvent<
    | 'BillPaymentScheduled'
    | 'BillPaymentScheduleChanged'
    | 'BillPaymentScheduleCancelled'
    | 'BillPaymentScheduleAdvanced'
  >
> = {
  name: 'bill-payment-schedule',
  initial: () => ({
    schedule: null,
    plan: null,
    nextDate: null,
    lastHandled: null,
    cancelled: false,
    stopped: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'BillPaymentScheduled': {
        const d = event.data;
        const plan = {
          fromAccountId: d.fromAccountId,
          amountCents: d.amountCents,
          startDate: d.firstDate,
          recurrence: d.recurrence,
        };
        return { ...state, schedule: d, plan, nextDate: d.firstDate };
      }
      case 'BillPaymentScheduleChanged': {
        const { fromAccountId, amountCents, startDate, recurrence, nextDate } = event.data;
        return { ...state, plan: { fromAccountId, amountCents, startDate, recurrence }, nextDate };
      }
      case 'BillPaymentScheduleCancelled':
        return { ...state, cancelled: true, nextDate: null };
      case 'BillPaymentScheduleAdvanced':
        return {
          ...state,
          nextDate: event.data.nextDate,
          lastHandled: event.data.date,
          stopped: event.data.stopped === true,
        };
      default:
        return state;
    }
  },
};

/** Whether `date` is one of the plan's occurrences (its start, then per its recurrence). */
export function isPlanOccurrence(plan: BillSchedulePlan, date: IsoDate): boolean {
  if (date < plan.startDate) return false;
  if (date === plan.startDate) return true;
  const r = plan.recurrence;
  if (!r || (r.endDate !== null && date > r.endDate)) return false;
  for (let n = 1; n < 10_000; n += 1) {
    const candidate = occurrenceDate(plan.startDate, r.frequency, n);
    if (candidate === date) return true;
    if (candidate > date) return false;
  }
  return false;
}

/**
 * Whether the occurrence dated `date` is to be paid now: the schedule is live and the date is an
 * occurrence of its current plan, not before the one it waits for. A job for a date an edit moved
 * away from, or for a cancelled schedule, pays nothing.
 */
export function isDue(state: BillScheduleState, date: IsoDate): boolean {
  if (!state.schedule || !state.plan || state.cancelled || state.nextDate === null) return false;
  return date >= state.nextDate && isPlanOccurrence(state.plan, date);
}

/**
 * The schedule after its occurrence dated `date` was handled: on to its next date, or ended
 * there, `stopped`, when the occurrence was refused for good (see decideOccurrence) with dates
 * left. A last date refused just ends it, as any last date does: there was nothing to stop.
 */
export function decideAdvanced(
  state: BillScheduleState,
  date: IsoDate,
  { stopped = false }: { stopped?: boolean } = {},
) {
  const s = state.schedule!;
  const plan = state.plan!;
  const next = nextOccurrence(plan.startDate, plan.recurrence, date);
  const stops = stopped && next !== null;
  return [
    BillPaymentScheduleAdvanced.create({
      customerId: s.customerId,
      paymentId: s.paymentId,
      date,
      nextDate: stops ? null : next,
      ...(stops ? { stopped: true as const } : {}),
    }),
  ];
}

function requireOwn(state: BillScheduleState, customerId: string) {
  if (!state.schedule || state.schedule.customerId !== customerId) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  return state.schedule;
}

/** What a change is decided on besides the schedule: the payee (gone: null) and today's date. */
export interface ChangeContext {
  payee: Pick<Payee, 'paid'> | null;
  today: IsoDate;
}

/**
 * A new plan for a live schedule, with the rules of scheduling: the minimum, the bill pay limits,
 * the new-payee limit, a date not before today and an end not before it. A date on or before an
 * occurrence already handled is refused, so no date is paid twice. Changing nothing appends
 * nothing.
 */
export function decideChange(
  state: BillScheduleState,
  customerId: string,
  plan: BillSchedulePlan,
  context: ChangeContext,
) {
  const schedule = requireOwn(state, customerId);
  if (state.cancelled || !context.payee) {
    throw new DomainError('schedule_cancelled', SCHEDULE_CANCELLED);
  }
  requireStillRunning(state);
  if (plan.amountCents < MINIMUM_PAYMENT_CENTS) {
    throw new DomainError('amount', MINIMUM_PAYMENT, 'amount');
  }
  requireWithinLimits('bill-pay', plan.amountCents);
  requireFirstPaymentLimit(context.payee, plan.amountCents);
  requirePaymentDate(plan.startDate, context.today);
  if (state.lastHandled !== null && plan.startDate <= state.lastHandled) {
    throw new DomainError('date', ALREADY_PAID_ON_DATE, 'scheduled_date');
  }
  const end = plan.recurrence?.endDate;
  if (end && end < plan.startDate) {
    throw new DomainError('end_date', END_BEFORE_START, 'recurring_end_date');
  }
  if (samePlan(state, plan)) return [];
  return [
    BillPaymentScheduleChanged.create({
      customerId,
      paymentId: schedule.paymentId,
      ...plan,
      nextDate: plan.startDate,
    }),
  ];
}

/** A schedule the bank stopped, or one past its last date, has nothing left to change or cancel. */
function requireStillRunning(state: BillScheduleState): void {
  if (state.stopped) throw new DomainError('schedule_stopped', SCHEDULE_STOPPED);
  if (state.nextDate === null) throw new DomainError('schedule_finished', SCHEDULE_FINISHED);
}

function samePlan(state: BillScheduleState, plan: BillSchedulePlan): boolean {
  const p = state.plan!;
  return (
    state.nextDate === plan.startDate &&
    p.fromAccountId === plan.fromAccountId &&
    p.amountCents === plan.amountCents &&
    (p.recurrence?.frequency ?? null) === (plan.recurrence?.frequency ?? null) &&
    (p.recurrence?.endDate ?? null) === (plan.recurrence?.endDate ?? null)
  );
}

/**
 * Cancels a live schedule. Cancelling one already cancelled (or whose payee was deleted, which
 * cancelled it) changes nothing and is no error; one that has finished cannot be cancelled.
 */
export function decideCancel(
  state: BillScheduleState,
  customerId: string,
  context: { payeeActive: boolean },
) {
  const schedule = requireOwn(state, customerId);
  if (state.cancelled || !context.payeeActive) return [];
  requireStillRunning(state);
  return [BillPaymentScheduleCancelled.create({ customerId, paymentId: schedule.paymentId })];
}

/** Scheduled bill payments one customer may have that can still run. */
export const BILL_SCHEDULE_LIMIT: ScheduleLimit = {
  max: MAX_ACTIVE_SCHEDULES,
  refusal: SCHEDULE_LIMIT_MESSAGES.billPayments,
};

/** The customer's book of scheduled bill payments (see ../schedule-book.ts). */
export const billScheduleBookStream = (customerId: string) =>
  `bill-payment-schedules-${customerId}`;

/** Whether a schedule has a date left to pay: not cancelled, not past its end, its payee kept. */
export function canStillRun(state: BillScheduleState, payees: PayeesState): boolean {
  return (
    state.schedule !== null &&
    !state.cancelled &&
    state.nextDate !== null &&
    payees.payees[state.schedule.payeeId] !== undefined
  );
}

/** A new payment that matches a live schedule: answered 409 DUPLICATE_TRANSACTION, to confirm. */
export const DUPLICATE_SCHEDULE = 'duplicate_schedule';

/** A new payment as the duplicate check compares it with the schedules already live. */
export type PlannedPayment = Pick<
  EventData<'BillPaymentScheduled'>,
  'payeeId' | 'amountCents' | 'firstDate' | 'recurrence'
>;

/**
 * Refuses, until the customer confirms it, a payment that pays a payee again what a live schedule
 * already pays them: the same amount, and either repeating as often (a second monthly bill,
 * whatever its day) or on a date the schedule pays too. A double submit or a forgotten schedule
 * would otherwise pay the bill twice, every time; paying a payee twice on purpose stays possible.
 */
export function requireNoDuplicateSchedule(
  planned: PlannedPayment,
  schedules: BillScheduleState[],
): void {
  for (const state of schedules) {
    const s = state.schedule;
    const plan = state.plan;
    if (!s || !plan || state.cancelled || state.stopped || state.nextDate === null) continue;
    if (s.payeeId !== planned.payeeId || plan.amountCents !== planned.amountCents) continue;
    const what = `${formatUsd(plan.amountCents)} to ${s.payeeName}`;
    const frequency = planned.recurrence?.frequency;
    if (frequency && plan.recurrence?.frequency === frequency) {
      const every = RECURRING_FREQUENCY_LABELS[frequency].toLowerCase();
      throw new DomainError(
        DUPLICATE_SCHEDULE,
        `This payment appears to be a duplicate: ${what} already repeats ${every}, next on ${readableDate(state.nextDate)}.`,
      );
    }
    if (planned.firstDate >= state.nextDate && isPlanOccurrence(plan, planned.firstDate)) {
      throw new DomainError(
        DUPLICATE_SCHEDULE,
        `This payment appears to be a duplicate: ${what} is already scheduled on ${readableDate(planned.firstDate)}.`,
      );
    }
  }
}
