import type { ScheduledBillPaymentView } from '@bank/contracts';
import { centsToDollars, formatUsd } from '@bank/events';
import type { EventMetadata } from '@bank/infra';
import { bankDate, nextOccurrence } from '../domain/bill-pay/calendar.ts';
import { payeesAggregate } from '../domain/bill-pay/payees.ts';
import {
  billScheduleAggregate,
  decideCancel,
  decideChange,
  paidToday,
  type BillSchedulePlan,
  type BillScheduleState,
} from '../domain/bill-pay/schedule.ts';
import { existence } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { billPayClock, billPayStreams, livePayments, loadActivity } from './bill-pay.ts';
import type { CommandContext } from './context.ts';
import { runSystemCommand } from './idempotency.ts';
import { ownAccount } from './money-lookups.ts';

/** How far a schedule's stream may lag behind its occurrences (see loadSchedule). */
const MAX_CATCH_UP = 60;

/**
 * Loads a schedule with the date it waits for. A schedule made before its occurrences were also
 * recorded on its own stream may name a date already handled: its occurrence streams tell.
 */
async function loadSchedule(uow: UnitOfWork, paymentId: string): Promise<BillScheduleState> {
  let state = (await uow.load(billPayStreams.schedule(paymentId), billScheduleAggregate)).state;
  for (let i = 0; i < MAX_CATCH_UP && state.plan && state.nextDate; i += 1) {
    const stream = billPayStreams.occurrence('scheduled', paymentId, state.nextDate);
    if (!(await uow.load(stream, existence)).state) break;
    const { startDate, recurrence } = state.plan;
    state = {
      ...state,
      lastHandled: state.nextDate,
      nextDate: nextOccurrence(startDate, recurrence, state.nextDate),
    };
  }
  return state;
}

/** The customer's payees, and the schedule's among them if they still have it. */
async function loadPayees(uow: UnitOfWork, customerId: string, state: BillScheduleState) {
  const payees = (await uow.load(billPayStreams.payees(customerId), payeesAggregate)).state;
  return { payees, payee: state.schedule ? (payees.payees[state.schedule.payeeId] ?? null) : null };
}

/** The schedule's payee, if the customer still has it (deleting a payee cancels its payments). */
async function activePayee(uow: UnitOfWork, customerId: string, state: BillScheduleState) {
  return (await loadPayees(uow, customerId, state)).payee;
}

/** The schedule as the edit and cancel answers show it. */
export function scheduledPaymentView(
  state: BillScheduleState,
  payeeActive: boolean,
): ScheduledBillPaymentView {
  const s = state.schedule!;
  const plan = state.plan!;
  const cancelled = state.cancelled || !payeeActive;
  return {
    id: s.paymentId,
    payee_id: s.payeeId,
    payee_name: s.payeeName,
    category: s.category,
    from_account_id: plan.fromAccountId,
    amount: centsToDollars(plan.amountCents),
    formatted_amount: formatUsd(plan.amountCents),
    next_payment_date: cancelled ? null : state.nextDate,
    is_recurring: plan.recurrence !== null,
    recurring_frequency: plan.recurrence?.frequency ?? null,
    recurring_end_date: plan.recurrence?.endDate ?? null,
    status: cancelled ? 'cancelled' : state.nextDate === null ? 'completed' : 'scheduled',
  };
}

/**
 * Changes a live scheduled payment: its account, amount, next date, frequency and end, with the
 * rules of scheduling. The occurrences to come follow the new plan; the job of a date it moved
 * away from pays nothing. Another customer's schedule answers 404, as an unknown one does. A
 * change that makes it pay what another payment already pays (requireNoDuplicatePayment) is
 * refused until the customer confirms it (`confirmedDuplicate`).
 */
export function changeScheduledPayment(
  ctx: CommandContext,
  customerId: string,
  paymentId: string,
  plan: BillSchedulePlan,
  metadata: EventMetadata,
  confirmedDuplicate = false,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const state = await loadSchedule(uow, paymentId);
    const { payees, payee } = await loadPayees(uow, customerId, state);
    const today = bankDate(billPayClock.now());
    let live;
    if (!confirmedDuplicate && payee && state.schedule?.customerId === customerId) {
      live = await livePayments(uow, customerId, payees, today);
      if (plan.startDate === today) {
        live.push(
          ...paidToday(await loadActivity(uow, customerId), payee, plan.amountCents, today),
        );
      }
    }
    const events = decideChange(state, customerId, plan, { payee, today, live });
    if (events.length > 0) await ownAccount(uow, customerId, plan.fromAccountId);
    uow.append(billPayStreams.schedule(paymentId), events);
    return scheduledPaymentView(events.reduce(billScheduleAggregate.evolve, state), true);
  });
}

/**
 * Cancels a scheduled payment: no occurrence after this is paid (one already paid stays paid).
 * Cancelling it again answers the same and records nothing.
 */
export function cancelScheduledPayment(
  ctx: CommandContext,
  customerId: string,
  paymentId: string,
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const state = await loadSchedule(uow, paymentId);
    const payeeActive = (await activePayee(uow, customerId, state)) !== null;
    const events = decideCancel(state, customerId, { payeeActive });
    uow.append(billPayStreams.schedule(paymentId), events);
    return scheduledPaymentView(events.reduce(billScheduleAggregate.evolve, state), payeeActive);
  });
}
