import { randomUUID } from 'node:crypto';
import { TRANSFER_FREQUENCY_LABELS, type ScheduledTransferView } from '@bank/contracts';
import {
  centsToDollars,
  formatUsd,
  NotificationRaised,
  streams,
  type EventData,
} from '@bank/events';
import { ApiError, deterministicUuid, type EventMetadata } from '@bank/infra';
import { readableDate, startOfBankDate } from '../domain/bill-pay/calendar.ts';
import { bankDate } from '../domain/transfers/bank-time.ts';
import {
  isDestination,
  isKnownDestination,
  requireAnotherBank,
  requireWithinNewDestinationLimit,
  type DestinationHashes,
} from '../domain/transfers/destinations.ts';
import { accountAggregate } from '../domain/account/account.ts';
import { requireSameBankRecipient } from '../domain/transfers/initiate.ts';
import { requireWithinLimits } from '../domain/transfers/limits.ts';
import { recipientsAggregate } from '../domain/transfers/recipients.ts';
import {
  decideScheduleStarted,
  scheduleBookAggregate,
  scheduleEnded,
} from '../domain/schedule-book.ts';
import { scheduleBookStream, TRANSFER_SCHEDULE_LIMIT } from '../domain/transfers/schedule-book.ts';
import {
  decideCancelSchedule,
  decideChangeSchedule,
  decideFailed,
  decideNewSchedule,
  decideRan,
  decideStopForErasedRecipient,
  isDue,
  transferScheduleAggregate,
  type SchedulePlan,
  type ScheduleState,
} from '../domain/transfers/schedule.ts';
import { ACCOUNT_GONE, refusalStopsSchedule } from '../domain/transfers/schedule-refusals.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import {
  hashRequest,
  refusingRepeats,
  runMoneyCommand,
  runSystemCommand,
  type RequestIdentity,
} from './idempotency.ts';
import { toApiError } from './money-errors.ts';
import { ownAccount, requireOpenAtCommit, sameBankRecipient } from './money-lookups.ts';
import { destinationHashesOf } from './saved-recipients.ts';
import {
  noStepUp,
  stageTransfer,
  type StepUpCheck,
  type TransferDestination,
} from './transfers.ts';

/** What "now" is for scheduled transfers (tests move it; everything else uses the real clock). */
export const scheduleClock = { now: (): Date => new Date() };

export const scheduleStream = (scheduleId: string) => `transfer-schedule-${scheduleId}`;

type Destination = EventData<'TransferScheduled'>['destination'];
type SchedulableDestination = Extract<
  TransferDestination,
  { type: 'between-accounts' | 'same-bank' | 'external-bank' }
>;

/** The schedule as its answers show it (the list reads the same shape from the read model). */
export function scheduleView(
  state: ScheduleState,
  fromAccountName: string | null,
): ScheduledTransferView {
  const s = state.schedule!;
  const plan = state.plan!;
  const d = s.destination;
  const recurrence = plan.recurrence;
  return {
    id: s.scheduleId,
    type: d.type,
    status: state.cancelled
      ? 'cancelled'
      : state.stopped
        ? 'stopped'
        : state.nextDate === null
          ? 'completed'
          : 'active',
    amount: centsToDollars(plan.amountCents),
    formatted_amount: formatUsd(plan.amountCents),
    memo: plan.memo,
    from_account: { id: plan.fromAccountId, name: fromAccountName },
    to_account: d.type === 'between-accounts' ? { id: d.toAccountId } : null,
    recipient_name: d.type === 'between-accounts' ? d.toAccountName : d.recipientName,
    recipient_detail: recipientDetail(d),
    frequency: recurrence?.frequency ?? null,
    frequency_label: recurrence ? TRANSFER_FREQUENCY_LABELS[recurrence.frequency] : 'Once',
    start_date: plan.startDate,
    end_date: recurrence?.endDate ?? null,
    end_count: recurrence?.count ?? null,
    next_date: state.nextDate,
    runs: state.runsInPlan,
    last_run: null,
  };
}

export function recipientDetail(d: Destination): string | null {
  switch (d.type) {
    case 'between-accounts':
      return null;
    case 'same-bank':
      return d.recipientContact;
    case 'external-bank':
      return `${d.bankName} ****${d.accountLast4}`;
  }
}

/** Checks the destination now (own account, a customer found, a valid bank account). */
async function resolveDestination(
  ctx: CommandContext,
  uow: UnitOfWork,
  customerId: string,
  fromAccountId: string,
  dest: SchedulableDestination,
): Promise<Destination> {
  switch (dest.type) {
    case 'between-accounts': {
      if (dest.toAccountId === fromAccountId) {
        throw new DomainError('same_account', 'Cannot transfer to the same account', 'toAccount');
      }
      const to = await ownAccount(uow, customerId, dest.toAccountId);
      return { type: 'between-accounts', toAccountId: to.accountId, toAccountName: to.name };
    }
    case 'same-bank': {
      const recipient = await sameBankRecipient(uow, customerId, dest);
      // One whose account has closed (their erasure under way) is no longer found, as a transfer
      // finds them; one closing while this is decided makes the append fail and it is decided
      // again: the erasure stops the schedules it finds, so none may reach the log after it.
      const account = await uow.load(streams.account(recipient.depositAccountId), accountAggregate);
      requireSameBankRecipient(customerId, dest, account.state.closed ? undefined : recipient);
      uow.expectAtCommit(streams.account(recipient.depositAccountId), 'open');
      return {
        type: 'same-bank',
        recipientCustomerId: recipient.customerId,
        recipientName: recipient.name,
        recipientContact: dest.contact.value,
      };
    }
    case 'external-bank':
      requireAnotherBank(dest, ctx.routingNumber);
      return {
        type: 'external-bank',
        recipientName: dest.recipientName,
        bankName: dest.bankName,
        accountEncrypted: ctx.secrets.encrypt(dest.accountNumber),
        accountLast4: dest.accountNumber.slice(-4),
        routingNumber: dest.routingNumber,
        ...(dest.recipientAddress ? { recipientAddress: dest.recipientAddress } : {}),
      };
  }
}

/** The transfer pipeline's destination for a run (the account number decrypted for it). */
function transferDestination(ctx: CommandContext, d: Destination): TransferDestination {
  switch (d.type) {
    case 'between-accounts':
      return { type: 'between-accounts', toAccountId: d.toAccountId };
    case 'same-bank': {
      const kind = d.recipientContact.includes('@') ? 'email' : 'phone';
      return {
        type: 'same-bank',
        contact: { kind, value: d.recipientContact },
        contactField: kind === 'email' ? 'recipientEmail' : 'recipientPhone',
        recipientId: d.recipientCustomerId,
      };
    }
    case 'external-bank':
      return {
        type: 'external-bank',
        recipientName: d.recipientName,
        bankName: d.bankName,
        accountNumber: ctx.secrets.decrypt(d.accountEncrypted),
        routingNumber: d.routingNumber,
        recipientAddress: d.recipientAddress,
      };
  }
}

/** The pipeline's hashes of a schedule's destination; none for one between the customer's own accounts. */
function scheduleDestinationHashes(
  ctx: CommandContext,
  destination: Destination,
): DestinationHashes | undefined {
  switch (destination.type) {
    case 'between-accounts':
      return undefined;
    case 'same-bank':
      return destinationHashesOf(ctx, {
        type: 'same-bank',
        customerId: destination.recipientCustomerId,
      });
    case 'external-bank':
      return destinationHashesOf(ctx, {
        type: 'external-bank',
        routingNumber: destination.routingNumber,
        accountNumber: ctx.secrets.decrypt(destination.accountEncrypted),
      });
  }
}

/**
 * Whether one of the customer's schedules that may still run pays the destination. Setting a
 * schedule up to a new destination needed step-up: that was the customer approving it, though
 * nothing is paid until the first run. A second schedule to it before then asks nothing again.
 * Only read when the destination is otherwise unknown.
 */
async function hasActiveScheduleTo(
  ctx: CommandContext,
  uow: UnitOfWork,
  customerId: string,
  d: DestinationHashes,
): Promise<boolean> {
  const active = await uow.load(scheduleBookStream(customerId), scheduleBookAggregate);
  for (const scheduleId of active.state) {
    const { state } = await uow.load(scheduleStream(scheduleId), transferScheduleAggregate);
    if (!state.schedule || state.cancelled || state.nextDate === null) continue;
    const hashes = scheduleDestinationHashes(ctx, state.schedule.destination);
    if (hashes && isDestination(hashes.keyed, d)) return true;
  }
  return false;
}

/**
 * An amount no day's limit of the channel could allow is refused now, not on its day; so is one
 * above the new-destination limit to an account that will still be new when the first transfer
 * is due (saving it, or a first smaller transfer, starts its waiting period). A new schedule to
 * an account the customer never saved nor paid, or to another customer never paid, needs a
 * stepped-up session (`requireStepUp`), unless a schedule that may still run already pays it;
 * its runs, and changes to it (which keep its destination), do not.
 */
async function requireSchedulable(
  ctx: CommandContext,
  uow: UnitOfWork,
  customerId: string,
  destination: Destination,
  plan: SchedulePlan,
  requireStepUp: StepUpCheck,
): Promise<void> {
  requireWithinLimits(destination.type, plan.amountCents);
  const hashes = scheduleDestinationHashes(ctx, destination);
  if (!hashes) return;
  const book = await uow.load(streams.savedRecipients(customerId), recipientsAggregate);
  if (
    !isKnownDestination(book.state, hashes) &&
    !(await hasActiveScheduleTo(ctx, uow, customerId, hashes))
  ) {
    requireStepUp();
  }
  if (destination.type === 'same-bank') return;
  requireWithinNewDestinationLimit(
    book.state,
    hashes,
    plan.amountCents,
    startOfBankDate(plan.startDate),
  );
}

/**
 * Schedules a transfer (once on a date, or recurring), exactly once per Idempotency-Key: money
 * moves later, so a retried request must not set it up twice. Funds and limits are checked on
 * each run's day, by the transfer pipeline.
 */
export function scheduleTransfer(
  ctx: CommandContext,
  input: {
    customerId: string;
    plan: SchedulePlan;
    destination: SchedulableDestination;
    requireStepUp: StepUpCheck;
  },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow) => {
    const { customerId, plan } = input;
    const from = await ownAccount(uow, customerId, plan.fromAccountId);
    requireOpenAtCommit(uow, from);
    const destination = await resolveDestination(
      ctx,
      uow,
      customerId,
      from.accountId,
      input.destination,
    );
    await requireSchedulable(ctx, uow, customerId, destination, plan, input.requireStepUp);
    const scheduleId = randomUUID();
    const stream = scheduleStream(scheduleId);
    const current = await uow.loadPresumedNew(stream, transferScheduleAggregate);
    const events = decideNewSchedule(
      { customerId, scheduleId, destination, ...plan },
      bankDate(scheduleClock.now()),
    );
    const book = scheduleBookStream(customerId);
    const booked = await uow.load(book, scheduleBookAggregate);
    uow.append(
      book,
      decideScheduleStarted(booked.state, { customerId, scheduleId }, TRANSFER_SCHEDULE_LIMIT),
    );
    uow.appendNew(stream, events);
    const state = events.reduce(transferScheduleAggregate.evolve, current.state);
    const view = scheduleView(state, from.name);
    return {
      statusCode: 201,
      body: {
        status: 'success',
        message: `Transfer scheduled for ${readableDate(view.next_date)}`,
        data: { scheduled_transfer: view },
      },
    };
  });
}

async function loadOwnSchedule(uow: UnitOfWork, customerId: string, scheduleId: string) {
  const loaded = await uow.load(scheduleStream(scheduleId), transferScheduleAggregate);
  if (!loaded.state.schedule || loaded.state.schedule.customerId !== customerId) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  return loaded.state;
}

/** Edits an active schedule: its amount, account, memo, date, frequency and end. */
export function changeSchedule(
  ctx: CommandContext,
  customerId: string,
  scheduleId: string,
  plan: SchedulePlan,
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const state = await loadOwnSchedule(uow, customerId, scheduleId);
    const from = await ownAccount(uow, customerId, plan.fromAccountId);
    const destination = state.schedule!.destination;
    if (destination.type === 'between-accounts' && destination.toAccountId === from.accountId) {
      throw new DomainError('same_account', 'Cannot transfer to the same account', 'fromAccount');
    }
    await requireSchedulable(ctx, uow, customerId, destination, plan, noStepUp);
    const events = decideChangeSchedule(state, customerId, plan, bankDate(scheduleClock.now()));
    uow.append(scheduleStream(scheduleId), events);
    return scheduleView(events.reduce(transferScheduleAggregate.evolve, state), from.name);
  });
}

/** Cancels an active schedule: no further transfer runs (one already made stays made). */
export function cancelSchedule(
  ctx: CommandContext,
  customerId: string,
  scheduleId: string,
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const state = await loadOwnSchedule(uow, customerId, scheduleId);
    const events = decideCancelSchedule(state, customerId);
    uow.append(scheduleStream(scheduleId), events);
    if (events.length > 0) leaveBook(uow, { customerId, scheduleId });
  });
}

/** A schedule that will not run again leaves the customer's book (see schedule-book.ts). */
function leaveBook(uow: UnitOfWork, schedule: { customerId: string; scheduleId: string }) {
  uow.appendAny(scheduleBookStream(schedule.customerId), scheduleEnded(schedule));
}

/** A notice about a schedule, one per occasion (an occurrence's date, or why it ended). */
function notification(
  customerId: string,
  scheduleId: string,
  occasion: string,
  content: { title: string; message: string; priority: 'low' | 'high' },
) {
  return NotificationRaised.create({
    customerId,
    notificationId: deterministicUuid(`scheduled-transfer:${scheduleId}:${occasion}:notification`),
    type: 'transfer',
    ...content,
  });
}

/** Other customers' schedules paying the customer, through the index on their recipient. */
export const SCHEDULES_TO_RECIPIENT_SQL = `SELECT data->>'scheduleId' AS schedule_id FROM events
  WHERE type = 'TransferScheduled' AND data->'destination'->>'recipientCustomerId' = $1`;

/**
 * Stops, in the erasure's unit of work, every schedule that may still run paying the erased
 * customer: no run could reach them, and their name must no longer show on the payer's list.
 * Each payer is told, without naming whom. A schedule set up while the erasure decides either
 * reached the log before the recipient's account closed, and the erasure's second command finds
 * it, or is decided again and refused (its append expects that account open).
 */
export async function stopSchedulesToErased(
  ctx: CommandContext,
  uow: UnitOfWork,
  recipientCustomerId: string,
): Promise<void> {
  const { rows } = await ctx.pool.query<{ schedule_id: string }>(SCHEDULES_TO_RECIPIENT_SQL, [
    recipientCustomerId,
  ]);
  for (const { schedule_id: scheduleId } of rows) {
    const stream = scheduleStream(scheduleId);
    const { state } = await uow.load(stream, transferScheduleAggregate);
    const stopped = decideStopForErasedRecipient(state, recipientCustomerId);
    if (stopped.length === 0) continue;
    const { customerId } = state.schedule!;
    uow.append(stream, stopped);
    leaveBook(uow, { customerId, scheduleId });
    uow.appendAny(streams.notifications(customerId), [
      notification(customerId, scheduleId, 'recipient-erased', {
        title: 'Scheduled transfer stopped',
        message: `Your scheduled transfer of ${formatUsd(state.plan!.amountCents)}, next due ${readableDate(state.nextDate!)}, has been stopped: its recipient can no longer receive transfers at this bank. No further transfers will be made.`,
        priority: 'high',
      }),
    ]);
  }
}

/** Whom a schedule pays, as its notifications name them. */
function recipientOf(schedule: NonNullable<ScheduleState['schedule']>): string {
  return schedule.destination.type === 'between-accounts'
    ? `your ${schedule.destination.toAccountName}`
    : schedule.destination.recipientName;
}

/** Why an occurrence failed whose job used up its tries, as the schedule's runs show it. */
const NOT_MADE_ON_ITS_DATE = 'It could not be made on its date.';

/**
 * The job of an occurrence used up its tries (the bank could not reach its database all day):
 * unless it was made or moved on meanwhile, the occurrence is recorded as failed, the schedule
 * goes on to its next date, and the customer is told, once. Having told them that nothing was
 * taken, the bank never makes that occurrence later: a run of the job after this finds it no
 * longer due.
 */
export async function tellScheduledTransferNotMade(
  ctx: CommandContext,
  scheduleId: string,
  date: string,
): Promise<'told' | 'not_due'> {
  const outcome = await recordFailure(ctx, scheduleId, date, NOT_MADE_ON_ITS_DATE, {
    notice: ({ schedule, amount }) => ({
      title: 'Scheduled transfer not made',
      message: `Your scheduled transfer of ${amount} to ${recipientOf(schedule)} on ${readableDate(date)} could not be made. Nothing was taken from your account.`,
    }),
  });
  return outcome === 'failed' ? 'told' : 'not_due';
}

export type RunOutcome = 'ran' | 'failed' | 'not_due';

/** The schedule moved on while the run waited its turn (another worker ran or failed it). */
class NotDue extends Error {}

/** The pipeline refused the run: its reason (a DomainError's) and the customer's message. */
class RunRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** How a gone account is named to the customer (the 404 answer names nothing). */
const ACCOUNT_GONE_MESSAGE = 'The account is no longer available.';

/**
 * The refusal a run's transfer met (a request would be answered 404 or 422), kept with its
 * reason; anything else (a conflict, an outage) is left to the job to try again.
 */
function refusalOf(error: unknown): unknown {
  // An account not found, or not the customer's, answers 404 before any rule is checked.
  if (error instanceof ApiError && error.statusCode === 404) {
    return new RunRefused(ACCOUNT_GONE, ACCOUNT_GONE_MESSAGE);
  }
  if (!(error instanceof DomainError)) return error;
  const { statusCode } = toApiError(error);
  if (statusCode === 404) return new RunRefused(ACCOUNT_GONE, ACCOUNT_GONE_MESSAGE);
  return statusCode === 422 ? new RunRefused(error.reason, error.message) : error;
}

/**
 * Runs the occurrence of a schedule dated `date` (the job of that day). The transfer goes through
 * the money pipeline under the key "scheduled:<schedule id>:<date>", so funds, limits and the
 * customer's other commands are handled as for a transfer made by hand, and a job that fires
 * twice (or two racing workers) makes one transfer: the second finds the key answered or the
 * schedule moved on. A refusal (funds, limits, a recipient gone) is recorded as a failed run: the
 * schedule goes on to its next date, or stops there when the refusal can never go away (see
 * refusalStopsSchedule); the customer is told either way.
 */
export async function runScheduledTransfer(
  ctx: CommandContext,
  scheduleId: string,
  date: string,
): Promise<RunOutcome> {
  const stream = scheduleStream(scheduleId);
  const { result: state } = await ctx.bus.execute(
    {},
    async (uow) => (await uow.load(stream, transferScheduleAggregate)).state,
  );
  if (!isDue(state, date)) return 'not_due';
  const schedule = state.schedule!;
  const customerId = schedule.customerId;
  const metadata = { actor: 'system:scheduled-transfers' };
  const key = `scheduled:${scheduleId}:${date}`;
  const identity: RequestIdentity = {
    customerId,
    key,
    jobKey: true,
    requestHash: hashRequest('RUN', 'scheduled-transfer', { scheduleId, date }),
  };
  try {
    const outcome = await runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
      const current = (await uow.load(stream, transferScheduleAggregate)).state;
      if (!isDue(current, date)) throw new NotDue();
      const plan = current.plan!;
      const reply = await stageTransfer(
        ctx,
        uow,
        {
          customerId,
          fromAccountId: plan.fromAccountId,
          amountCents: plan.amountCents,
          memo: plan.memo,
          transferDate: date,
          destination: transferDestination(ctx, schedule.destination),
        },
        now,
        false,
        // Set up by the customer, past the step-up check for a new account, when scheduled.
        noStepUp,
      ).catch((error: unknown) => {
        // Kept with its reason: whether it ends the schedule is decided on the reason.
        throw refusalOf(error);
      });
      const transfer = (
        reply.body as { data: { transfer: { id: string; reference_number: string } } }
      ).data.transfer;
      const ran = decideRan(current, date, {
        transferId: transfer.id,
        reference: transfer.reference_number,
        amountCents: plan.amountCents,
      });
      uow.append(stream, ran);
      if (ran[0]!.data.nextDate === null) leaveBook(uow, { customerId, scheduleId });
      const recipient = recipientOf(schedule);
      uow.appendAny(streams.notifications(customerId), [
        notification(customerId, scheduleId, date, {
          title: 'Scheduled transfer sent',
          message: `Your scheduled transfer of ${formatUsd(plan.amountCents)} to ${recipient} was sent. Reference ${transfer.reference_number}.`,
          priority: 'low',
        }),
      ]);
      return reply;
    });
    return outcome.result.replayed ? 'not_due' : 'ran';
  } catch (error) {
    if (error instanceof NotDue) return 'not_due';
    if (error instanceof RunRefused) {
      return recordFailure(ctx, scheduleId, date, error.message, {
        stops: refusalStopsSchedule(error.reason),
      });
    }
    if (error instanceof ApiError && error.statusCode === 422) {
      return recordFailure(ctx, scheduleId, date, error.message);
    }
    throw error;
  }
}

/**
 * How the customer is told of a failed occurrence (the amount comes formatted; `stopped`: the
 * failure ended the series).
 */
type FailureNotice = (failure: {
  schedule: NonNullable<ScheduleState['schedule']>;
  amount: string;
  stopped: boolean;
}) => { title: string; message: string };

const refusedNotice =
  (date: string, reason: string): FailureNotice =>
  ({ amount, stopped }) => {
    const failed = `Your scheduled transfer of ${amount} due ${readableDate(date)} failed: ${reason.replace(/\.$/, '')}. Nothing was taken from your account.`;
    return stopped
      ? {
          title: 'Repeating transfer stopped',
          message: `${failed} This repeating transfer has been stopped; set up a new one if you still need it.`,
        }
      : { title: 'Scheduled transfer failed', message: failed };
  };

/**
 * Records the occurrence dated `date` as failed, while it is still due: the schedule goes on to
 * its next date, ends (its last occurrence), or stops (`stops`: a refusal that can never go
 * away), and the customer is told.
 */
async function recordFailure(
  ctx: CommandContext,
  scheduleId: string,
  date: string,
  reason: string,
  {
    stops = false,
    notice = refusedNotice(date, reason),
  }: { stops?: boolean; notice?: FailureNotice } = {},
): Promise<RunOutcome> {
  const outcome = await runSystemCommand(
    ctx,
    { actor: 'system:scheduled-transfers' },
    async (uow) => {
      const stream = scheduleStream(scheduleId);
      const state = (await uow.load(stream, transferScheduleAggregate)).state;
      if (!isDue(state, date)) return 'not_due' as const;
      const s = state.schedule!;
      const failed = decideFailed(state, date, reason, { stops });
      uow.append(stream, failed);
      if (failed[0]!.data.nextDate === null) {
        leaveBook(uow, { customerId: s.customerId, scheduleId });
      }
      const stopped = failed[0]!.data.stopped === true;
      uow.appendAny(streams.notifications(s.customerId), [
        notification(s.customerId, scheduleId, date, {
          ...notice({ schedule: s, amount: formatUsd(state.plan!.amountCents), stopped }),
          priority: 'high',
        }),
      ]);
      return 'failed' as const;
    },
  );
  return outcome.result;
}
