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
  type RecurringFrequency,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { movementsOf, requireWithinLimits, type ActivityState } from '../transfers/limits.ts';
import {
  isAutopayDate,
  nextAutopayDate,
  nextOccurrence,
  occurrenceDate,
  readableDate,
  type IsoDate,
} from './calendar.ts';
import { autopayAmount, requireFirstPaymentLimit, type Payee, type PayeesState } from './payees.ts';
import type { ScheduleLimit } from '../schedule-book.ts';
import {
  billPaymentFingerprint,
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
  /**
   * What else pays the customer's payees (see requireNoDuplicatePayment), this schedule among them
   * or not; none given: the customer confirmed the change though it matches one.
   */
  live?: LivePayment[];
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
  // A change of account alone pays nothing more than before: it is not asked about again.
  if (context.live && !sameAccountAside(state, plan)) {
    requireNoDuplicatePayment(
      {
        payeeId: schedule.payeeId,
        amountCents: plan.amountCents,
        firstDate: plan.startDate,
        recurrence: plan.recurrence,
      },
      context.live.filter((other) => other.id !== schedule.paymentId),
    );
  }
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
  return state.plan!.fromAccountId === plan.fromAccountId && sameAccountAside(state, plan);
}

/** Whether the plan pays the same amounts on the same dates, whatever account it pays from. */
function sameAccountAside(state: BillScheduleState, plan: BillSchedulePlan): boolean {
  const p = state.plan!;
  return (
    state.nextDate === plan.startDate &&
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

/** A payment (new, or a schedule as an edit leaves it) as the duplicate check compares it. */
export type PlannedPayment = Pick<
  EventData<'BillPaymentScheduled'>,
  'payeeId' | 'amountCents' | 'firstDate' | 'recurrence'
>;

/**
 * What already pays a payee: a live schedule (one-off or repeating), the payee's AutoPay, or a
 * payment made today (it leaves no schedule, only its movement).
 */
export interface LivePayment {
  kind: 'scheduled' | 'autopay' | 'paid_today';
  /** The schedule's id (an edit leaves its own out); the payee's for AutoPay. */
  id: string;
  payeeId: string;
  payeeName: string;
  amountCents: number;
  /** How often it repeats; null: once. */
  frequency: RecurringFrequency | null;
  /** The next date it pays, on or after today. */
  nextDate: IsoDate;
  /** Whether it pays on `date`. */
  pays(date: IsoDate): boolean;
}

/** The live schedules among `states`, as the duplicate check reads them. */
export function liveSchedules(states: BillScheduleState[]): LivePayment[] {
  const live: LivePayment[] = [];
  for (const state of states) {
    const { schedule: s, plan, nextDate } = state;
    if (!s || !plan || state.cancelled || state.stopped || nextDate === null) continue;
    live.push({
      kind: 'scheduled',
      id: s.paymentId,
      payeeId: s.payeeId,
      payeeName: s.payeeName,
      amountCents: plan.amountCents,
      frequency: plan.recurrence?.frequency ?? null,
      nextDate,
      pays: (date) => date >= nextDate && isPlanOccurrence(plan, date),
    });
  }
  return live;
}

/** The payees' AutoPays that are on: each pays monthly on its day, from its first date. */
export function liveAutopays(payees: PayeesState, today: IsoDate): LivePayment[] {
  return Object.values(payees.payees).flatMap((payee) => {
    const autopay = payee.autopay;
    if (!autopay) return [];
    const from = autopay.firstDate > today ? autopay.firstDate : today;
    const nextDate = isAutopayDate(autopay, from) ? from : nextAutopayDate(autopay.day, from);
    return [
      {
        kind: 'autopay' as const,
        id: payee.payeeId,
        payeeId: payee.payeeId,
        payeeName: payee.name,
        amountCents: autopayAmount(payee),
        frequency: 'monthly' as const,
        nextDate,
        pays: (date: IsoDate) => date >= today && isAutopayDate(autopay, date),
      },
    ];
  });
}

/**
 * The payments to `payee` of `amountCents` made today, from the customer's movements: a bill
 * payment's movement carries billPaymentFingerprint (its payee and amount).
 */
export function paidToday(
  activity: ActivityState,
  payee: Pick<Payee, 'payeeId' | 'name'>,
  amountCents: number,
  today: IsoDate,
): LivePayment[] {
  const fingerprint = billPaymentFingerprint(payee.payeeId, amountCents);
  return movementsOf(activity)
    .filter(
      (m) => m.category === 'bill-pay' && m.bankDate === today && m.fingerprint === fingerprint,
    )
    .map((m) => ({
      kind: 'paid_today' as const,
      id: m.movementId,
      payeeId: payee.payeeId,
      payeeName: payee.name,
      amountCents,
      frequency: null,
      nextDate: today,
      pays: (date: IsoDate) => date === today,
    }));
}

/**
 * How far ahead two plans of different frequencies are compared for a date they both pay: plans
 * that meet only later than this (a weekly and a yearly one, say) are not taken for duplicates.
 */
export const DUPLICATE_HORIZON_YEARS = 3;

/** The first date, within the horizon, that both the planned payment and `live` pay. */
function firstCommonDate(planned: PlannedPayment, live: LivePayment): IsoDate | null {
  const horizon = occurrenceDate(planned.firstDate, 'yearly', DUPLICATE_HORIZON_YEARS);
  const r = planned.recurrence;
  for (let n = 0; ; n += 1) {
    const date = r ? occurrenceDate(planned.firstDate, r.frequency, n) : planned.firstDate;
    if (date > horizon || (r?.endDate && date > r.endDate)) return null;
    if (live.pays(date)) return date;
    if (!r) return null;
  }
}

/**
 * Refuses, until the customer confirms it, a payment that pays a payee again what is already
 * paying them: a live schedule, the payee's AutoPay or a payment made today, of the same amount.
 * It is one when it repeats as often (a second monthly bill, whatever its day) or pays on a date
 * the other pays too (either way round: a new repeating plan that reaches a one-off later on is
 * one). A double submit, a forgotten schedule or AutoPay would otherwise pay the bill twice;
 * paying a payee twice on purpose stays possible.
 */
export function requireNoDuplicatePayment(planned: PlannedPayment, live: LivePayment[]): void {
  for (const other of live) {
    if (other.payeeId !== planned.payeeId || other.amountCents !== planned.amountCents) continue;
    const what = `${formatUsd(other.amountCents)} to ${other.payeeName}`;
    const duplicate = (words: string) =>
      new DomainError(DUPLICATE_SCHEDULE, `This payment appears to be a duplicate: ${words}.`);
    const frequency = planned.recurrence?.frequency;
    if (frequency && other.frequency === frequency) {
      const every = RECURRING_FREQUENCY_LABELS[frequency].toLowerCase();
      const next = readableDate(other.nextDate);
      throw duplicate(
        other.kind === 'autopay'
          ? `AutoPay already pays ${what} ${every}, next on ${next}`
          : `${what} already repeats ${every}, next on ${next}`,
      );
    }
    const date = firstCommonDate(planned, other);
    if (date === null) continue;
    if (other.kind === 'paid_today') throw duplicate(`${what} was already paid today`);
    throw duplicate(
      other.kind === 'autopay'
        ? `AutoPay already pays ${what} on ${readableDate(date)}`
        : `${what} is already scheduled on ${readableDate(date)}`,
    );
  }
}
