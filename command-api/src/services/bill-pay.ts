import { randomUUID } from 'node:crypto';
import {
  moneyStreams,
  streams,
  type BillPayCategory,
  type EventData,
  type RecurringFrequency,
} from '@bank/events';
import {
  ApiError,
  deterministicUuid,
  fieldError,
  notFound,
  referenceNumber,
  type EventMetadata,
} from '@bank/infra';
import { accountAggregate } from '../domain/account/account.ts';
import {
  bankDate,
  isAutopayDate,
  nextAutopayDate,
  nextOccurrence,
  type IsoDate,
} from '../domain/bill-pay/calendar.ts';
import {
  autopayAmount,
  decidePayees,
  payeeAccountKey,
  payeesAggregate,
  payeesToHash,
  requireFirstPaymentLimit,
  requirePayee,
  type Payee,
  type PayeesState,
} from '../domain/bill-pay/payees.ts';
import {
  decideNotMade,
  decideOccurrence,
  decideSchedule,
  type Occurrence,
} from '../domain/bill-pay/payment.ts';
import {
  BILL_SCHEDULE_LIMIT,
  billScheduleAggregate,
  billScheduleBookStream,
  canStillRun,
  decideAdvanced,
  DUPLICATE_SCHEDULE,
  isDue,
  liveAutopays,
  liveSchedules,
  paidToday,
  requireNoDuplicatePayment,
  type BillScheduleState,
  type LivePayment,
} from '../domain/bill-pay/schedule.ts';
import {
  decideScheduleStarted,
  scheduleBookAggregate,
  scheduleEnded,
} from '../domain/schedule-book.ts';
import { customerAggregate } from '../domain/customer/customer.ts';
import { activityAggregate, requireWithinLimits } from '../domain/transfers/limits.ts';
import { KEYED_HASH_PREFIX } from '../domain/transfers/destinations.ts';
import { DomainError, existence, type Aggregate } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { autopayReply, paymentReply, payeeReply } from './bill-pay-views.ts';
import type { CommandContext } from './context.ts';
import { accountIdByNumber } from './deposits.ts';
import { refusingRepeats, runMoneyCommand, type RequestIdentity } from './idempotency.ts';
import { requireOpenAtCommit } from './money-lookups.ts';

/** What "now" is for bill pay (tests move it; everything else uses the real clock). */
export const billPayClock = { now: (): Date => new Date() };

export const billPayStreams = {
  payees: (customerId: string) => `bill-payees-${customerId}`,
  schedule: (paymentId: string) => `bill-payment-${paymentId}`,
  /** One stream per occurrence, created once: an occurrence is paid at most once. */
  occurrence: (source: 'scheduled' | 'autopay', scheduleId: string, date: IsoDate) =>
    `bill-occurrence-${source}-${scheduleId}-${date}`,
};

function asApiError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.reason === 'not_found') return notFound();
  if (error.reason === 'insufficient_funds') {
    return fieldError({ amount: [error.message] }, 'INSUFFICIENT_FUNDS');
  }
  if (error.field) return fieldError({ [error.field]: [error.message] });
  return new ApiError(422, error.message, 'VALIDATION_ERROR');
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

/** Loads an account the customer owns; someone else's (or no) account is a 404. */
async function loadOwnAccount(uow: UnitOfWork, customerId: string, accountId: string) {
  const account = await uow.load(streams.account(accountId), accountAggregate);
  if (!account.state.opened || account.state.customerId !== customerId) throw notFound();
  return account;
}

export interface NewPayee {
  name: string;
  displayName: string | null;
  category: BillPayCategory;
  accountNumber: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  defaultAmountCents: number | null;
  autopay: { day: number; amountCents: number | null; fromAccountId: string | null } | null;
}

/** The checking account that carries the customer's own number: AutoPay's default account. */
async function primaryAccountId(ctx: CommandContext, uow: UnitOfWork, customerId: string) {
  const customer = await uow.load(streams.customer(customerId), customerAggregate);
  const accountId = await accountIdByNumber(ctx, customer.state.accountNumber);
  if (!accountId) throw new Error(`customer ${customerId} has no primary account`);
  return accountId;
}

/**
 * Adds a payee, exactly once per Idempotency-Key (AutoPay moves money on its own later, so a
 * retried request must not set it up twice). An AutoPay amount no day's limit could pay, or above
 * the new-payee limit for its first payment, is refused now rather than failing on its day.
 */
export function addPayee(
  ctx: CommandContext,
  customerId: string,
  input: NewPayee,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  const digits = input.accountNumber.replace(/[\s-]/g, '');
  return runMoneyCommand(ctx, identity, metadata, async (uow) => {
    const payeeId = randomUUID();
    // A default no day's limit could pay would only fill the payment form with a refusal.
    if (input.defaultAmountCents !== null) {
      requireWithinLimits(
        'bill-pay',
        input.defaultAmountCents,
        undefined,
        undefined,
        'default_amount',
      );
    }
    let autopay: EventData<'BillPayeeAdded'>['autopay'] = null;
    if (input.autopay) {
      const amount = input.autopay.amountCents ?? input.defaultAmountCents ?? 0;
      requireWithinLimits('bill-pay', amount, undefined, undefined, 'autopay_amount');
      requireFirstPaymentLimit({ paid: false }, amount, 'autopay_amount');
      const fromAccountId =
        input.autopay.fromAccountId ?? (await primaryAccountId(ctx, uow, customerId));
      await loadOwnAccount(uow, customerId, fromAccountId);
      autopay = {
        day: input.autopay.day,
        amountCents: input.autopay.amountCents,
        fromAccountId,
        firstDate: nextAutopayDate(input.autopay.day, bankDate(billPayClock.now())),
      };
    }
    const stream = billPayStreams.payees(customerId);
    const payees = await uow.load(stream, payeesAggregate);
    const hash = (accountNumber: string) =>
      `${KEYED_HASH_PREFIX}${ctx.destinationMac(payeeAccountKey(accountNumber))}`;
    const earlierAccountHashes = Object.fromEntries(
      payeesToHash(payees.state, input.name).map((p) => [
        p.payeeId,
        hash(ctx.secrets.decrypt(p.accountNumberEncrypted)),
      ]),
    );
    const data: EventData<'BillPayeeAdded'> & { accountNumberHash: string } = {
      customerId,
      payeeId,
      name: input.name,
      displayName: input.displayName,
      category: input.category,
      accountNumberEncrypted: ctx.secrets.encrypt(digits),
      accountNumberHash: hash(digits),
      accountLast4: digits.slice(-4),
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      phone: input.phone,
      defaultAmountCents: input.defaultAmountCents,
      autopay,
    };
    uow.append(
      stream,
      decidePayees({ type: 'AddPayee', data, earlierAccountHashes }, payees.state),
    );
    return payeeReply(data);
  });
}

export async function removePayee(
  ctx: CommandContext,
  customerId: string,
  payeeId: string,
  metadata: EventMetadata,
) {
  return run(() =>
    ctx.bus.execute(metadata, async (uow) => {
      const stream = billPayStreams.payees(customerId);
      const payees = await uow.load(stream, payeesAggregate);
      uow.append(stream, decidePayees({ type: 'RemovePayee', customerId, payeeId }, payees.state));
    }),
  );
}

/** Gives a payee a new nickname, or none (null): it is then shown by its company's name. */
export async function renamePayee(
  ctx: CommandContext,
  customerId: string,
  payeeId: string,
  displayName: string | null,
  metadata: EventMetadata,
) {
  return run(() =>
    ctx.bus.execute(metadata, async (uow) => {
      const stream = billPayStreams.payees(customerId);
      const payees = await uow.load(stream, payeesAggregate);
      uow.append(
        stream,
        decidePayees({ type: 'RenamePayee', customerId, payeeId, displayName }, payees.state),
      );
    }),
  );
}

/** A payee's AutoPay as the customer sets it; no account: the one it pays from now, else AutoPay's default. */
export interface AutopayInput {
  day: number;
  amountCents: number | null;
  fromAccountId: string | null;
}

/**
 * Turns a payee's AutoPay on or off, or changes its day, amount or account, exactly once per
 * Idempotency-Key (AutoPay moves money on its own later). The new setting pays from its next day
 * after today on; the same setting again changes nothing. Someone else's payee is a 404.
 */
export function changePayeeAutopay(
  ctx: CommandContext,
  customerId: string,
  payeeId: string,
  input: AutopayInput | null,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow) => {
    const stream = billPayStreams.payees(customerId);
    const payees = await uow.load(stream, payeesAggregate);
    const payee = requirePayee(payees.state, payeeId);
    let autopay: EventData<'BillPayeeAutopayChanged'>['autopay'] = null;
    if (input) {
      const fromAccountId =
        input.fromAccountId ??
        payee.autopay?.fromAccountId ??
        (await primaryAccountId(ctx, uow, customerId));
      await loadOwnAccount(uow, customerId, fromAccountId);
      autopay = {
        day: input.day,
        amountCents: input.amountCents,
        fromAccountId,
        firstDate: nextAutopayDate(input.day, bankDate(billPayClock.now())),
      };
    }
    const events = decidePayees(
      { type: 'ChangeAutopay', customerId, payeeId, autopay },
      payees.state,
    );
    uow.append(stream, events);
    if (events.length > 0) {
      const note = autopay ? await autopayRepeats(uow, customerId, payee, autopay) : null;
      return autopayReply(payee, autopay, note);
    }
    // Unchanged: its next date is the first one still to come.
    const today = bankDate(billPayClock.now());
    const current = payee.autopay;
    return autopayReply(
      payee,
      current && current.firstDate <= today
        ? { ...current, firstDate: nextAutopayDate(current.day, today) }
        : current,
    );
  });
}

/**
 * Whether an AutoPay as now set pays what a live scheduled payment already pays the payee (see
 * requireNoDuplicatePayment), in words that say so and what to do; null: it does not. AutoPay is
 * not refused for it: the customer is told, since AutoPay usually replaces such a payment.
 */
async function autopayRepeats(
  uow: UnitOfWork,
  customerId: string,
  payee: Payee,
  autopay: NonNullable<Payee['autopay']>,
): Promise<string | null> {
  const planned = {
    payeeId: payee.payeeId,
    amountCents: autopayAmount({ ...payee, autopay }),
    firstDate: autopay.firstDate,
    recurrence: { frequency: 'monthly' as const, endDate: null },
  };
  try {
    requireNoDuplicatePayment(planned, liveSchedules(await bookedSchedules(uow, customerId)));
    return null;
  } catch (error) {
    if (!(error instanceof DomainError) || error.reason !== DUPLICATE_SCHEDULE) throw error;
    return `${error.message} Cancel it in Upcoming Payments if AutoPay replaces it.`;
  }
}

export interface NewPayment {
  payeeId: string;
  fromAccountId: string;
  amountCents: number;
  /** Undefined: today. */
  scheduledDate: IsoDate | undefined;
  memo: string | null;
  recurrence: { frequency: RecurringFrequency; endDate: IsoDate | null } | null;
  /** The customer confirmed it though it matches a payment already scheduled. */
  confirmedDuplicate: boolean;
}

/** The customer's recent movements, for the bill pay limits of a payment. */
export async function loadActivity(uow: UnitOfWork, customerId: string) {
  return (await uow.load(moneyStreams.activity(customerId), activityAggregate)).state;
}

/** Appends what a paid (or failed) occurrence decided, to each stream it names. */
function appendOccurrence(
  uow: UnitOfWork,
  o: Occurrence,
  result: ReturnType<typeof decideOccurrence>,
) {
  if (result.account.length > 0) uow.append(streams.account(o.fromAccountId), result.account);
  if (result.movement.length > 0) uow.append(moneyStreams.activity(o.customerId), result.movement);
  if (result.payee.length > 0) uow.append(billPayStreams.payees(o.customerId), result.payee);
  uow.appendNew(billPayStreams.occurrence(o.source, o.scheduleId, o.date), result.occurrence);
  uow.appendAny(streams.notifications(o.customerId), result.notification);
}

/**
 * Schedules a payment, exactly once per Idempotency-Key: a retry with the key gets the first answer
 * before anything is checked, so it is never taken for a duplicate of the payment it made. One
 * that matches a live schedule, an AutoPay or a payment made today (requireNoDuplicatePayment)
 * is refused until the customer confirms it (`confirmedDuplicate`). Dated today it is paid at once, within
 * the bill pay limits (refused with "Insufficient funds" when the account cannot cover it); dated
 * later it is paid by a delayed job on its date, where funds and limits are checked again. An
 * amount that no day's limit could pay, or above the new-payee limit for a payee's first payment,
 * is refused at once.
 */
export function schedulePayment(
  ctx: CommandContext,
  customerId: string,
  input: NewPayment,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow) => {
    const now = billPayClock.now();
    const paymentId = randomUUID();
    const today = bankDate(now);
    const firstDate = input.scheduledDate ?? today;
    const payees = await uow.load(billPayStreams.payees(customerId), payeesAggregate);
    const payee = requirePayee(payees.state, input.payeeId);
    const account = await loadOwnAccount(uow, customerId, input.fromAccountId);
    requireOpenAtCommit(uow, account.state);
    requireWithinLimits('bill-pay', input.amountCents);
    requireFirstPaymentLimit(payee, input.amountCents);
    // Only a payment dated today can repeat one made today; the movements tell of those.
    const activity = firstDate === today ? await loadActivity(uow, customerId) : null;
    if (!input.confirmedDuplicate) {
      const paid = activity ? paidToday(activity, payee, input.amountCents, today) : [];
      const live = await livePayments(uow, customerId, payees.state, today);
      requireNoDuplicatePayment({ ...input, firstDate }, [...live, ...paid]);
    }
    const scheduleStream = billPayStreams.schedule(paymentId);
    const schedule: EventData<'BillPaymentScheduled'> = {
      customerId,
      paymentId,
      payeeId: payee.payeeId,
      payeeName: payee.name,
      category: payee.category,
      fromAccountId: input.fromAccountId,
      amountCents: input.amountCents,
      memo: input.memo,
      firstDate,
      recurrence: input.recurrence,
    };
    const current = await uow.loadPresumedNew(scheduleStream, billScheduleAggregate);
    const scheduled = decideSchedule(schedule, current.state.schedule, today);
    uow.appendNew(scheduleStream, scheduled);
    const nextDate = nextOccurrence(firstDate, input.recurrence, firstDate);
    // A payment made today alone is no schedule left to run.
    if (firstDate !== today || nextDate !== null) {
      await bookSchedule(uow, { customerId, scheduleId: paymentId }, payees.state);
    }
    if (firstDate !== today) return paymentReply(schedule, 'scheduled', firstDate, null);

    const occurrence: Occurrence = {
      customerId,
      source: 'scheduled',
      scheduleId: paymentId,
      payeeId: payee.payeeId,
      payeeName: payee.name,
      category: payee.category,
      fromAccountId: input.fromAccountId,
      amountCents: input.amountCents,
      date: today,
      nextDate,
    };
    const ids = occurrenceIds('scheduled', paymentId, today);
    const paid = decideOccurrence(
      occurrence,
      account.state,
      { payee, activity: activity!, now, checkDuplicate: identity.key === undefined },
      ids,
    );
    if (paid.outcome === 'failed') throw paid.refusal;
    appendOccurrence(uow, occurrence, paid);
    const state = scheduled.reduce(billScheduleAggregate.evolve, current.state);
    uow.appendNew(scheduleStream, decideAdvanced(state, today));
    return paymentReply(schedule, 'completed', nextDate, ids.reference);
  });
}

/**
 * What already pays the customer's payees: their live schedules and AutoPays (a payment made
 * today is told by the movements, see paidToday). What was read is expected unchanged at commit:
 * the book, each schedule in it and the payees (their AutoPays). So a payment decided on them
 * while another request changes any of them (a new schedule, an edit, AutoPay turned on) is
 * decided again on what that one wrote, and sees it; two payments made today both write the
 * customer's movements, to the same end.
 */
export async function livePayments(
  uow: UnitOfWork,
  customerId: string,
  payees: PayeesState,
  today: IsoDate,
): Promise<LivePayment[]> {
  const booked = await bookedSchedules(uow, customerId, { expectUnchanged: true });
  uow.expectAtCommit(billPayStreams.payees(customerId), 'read');
  return [...liveSchedules(booked), ...liveAutopays(payees, today)];
}

/**
 * The schedules in the customer's book (those ended since may be among them); with
 * `expectUnchanged`, the book and each of them are expected at commit as read.
 */
async function bookedSchedules(
  uow: UnitOfWork,
  customerId: string,
  { expectUnchanged = false } = {},
) {
  const read = async <S>(stream: string, aggregate: Aggregate<S>) => {
    const { state } = await uow.load(stream, aggregate);
    if (expectUnchanged) uow.expectAtCommit(stream, 'read');
    return state;
  };
  const book = await read(billScheduleBookStream(customerId), scheduleBookAggregate);
  const states: BillScheduleState[] = [];
  for (const scheduleId of book) {
    states.push(await read(billPayStreams.schedule(scheduleId), billScheduleAggregate));
  }
  return states;
}

/**
 * Writes a new schedule in the customer's book, within BILL_SCHEDULE_LIMIT. A bill schedule ends
 * in many ways (cancelled, its last date paid, its payee removed), so the book is not told of each:
 * once it is full, the schedules in it that can no longer run are written out of it first.
 */
async function bookSchedule(
  uow: UnitOfWork,
  entry: { customerId: string; scheduleId: string },
  payees: PayeesState,
) {
  const stream = billScheduleBookStream(entry.customerId);
  const active = new Set((await uow.load(stream, scheduleBookAggregate)).state);
  const ended: ReturnType<typeof scheduleEnded> = [];
  if (active.size >= BILL_SCHEDULE_LIMIT.max) {
    for (const scheduleId of [...active]) {
      const state = (await uow.load(billPayStreams.schedule(scheduleId), billScheduleAggregate))
        .state;
      if (canStillRun(state, payees)) continue;
      active.delete(scheduleId);
      ended.push(...scheduleEnded({ ...entry, scheduleId }));
    }
  }
  uow.append(stream, [...ended, ...decideScheduleStarted(active, entry, BILL_SCHEDULE_LIMIT)]);
}

/** Ids derived from the occurrence, so a retried job writes the very same events. */
export function occurrenceIds(source: 'scheduled' | 'autopay', scheduleId: string, date: IsoDate) {
  const key = `bill-occurrence:${source}:${scheduleId}:${date}`;
  const entryId = deterministicUuid(key);
  return {
    entryId,
    reference: referenceNumber('BIL', entryId),
    notificationId: deterministicUuid(`${key}:notification`),
  };
}

/**
 * Pays (or fails) one occurrence on its day, with the funds and the bill pay limits of that day:
 * the occurrence stream is created once, so a retried or racing job pays nothing twice. A refusal
 * (funds, limits, the account closed or not the customer's) is recorded at once, never left to
 * the job's retries; 'stopped': it ended its scheduled payment (see decideOccurrence).
 */
async function runOccurrence(uow: UnitOfWork, occurrence: Occurrence, payee: Payee) {
  const o = occurrence;
  if (
    (await uow.load(billPayStreams.occurrence(o.source, o.scheduleId, o.date), existence)).state
  ) {
    return 'done' as const;
  }
  const account = await uow.load(streams.account(o.fromAccountId), accountAggregate);
  const activity = await loadActivity(uow, o.customerId);
  const result = decideOccurrence(
    o,
    account.state,
    { payee, activity, now: billPayClock.now(), checkDuplicate: false },
    occurrenceIds(o.source, o.scheduleId, o.date),
  );
  appendOccurrence(uow, o, result);
  return result.outcome === 'failed' && result.stopped ? ('stopped' as const) : result.outcome;
}

/** The occurrence of a scheduled payment dated `date`, as its current plan pays it. */
function scheduledOccurrence(
  paymentId: string,
  schedule: NonNullable<BillScheduleState['schedule']>,
  plan: NonNullable<BillScheduleState['plan']>,
  payee: Payee,
  date: IsoDate,
): Occurrence {
  return {
    customerId: schedule.customerId,
    source: 'scheduled',
    scheduleId: paymentId,
    payeeId: schedule.payeeId,
    payeeName: payee.name,
    category: schedule.category,
    fromAccountId: plan.fromAccountId,
    amountCents: plan.amountCents,
    date,
    nextDate: nextOccurrence(plan.startDate, plan.recurrence, date),
  };
}

/** The AutoPay occurrence of a payee dated `date`. */
function autopayOccurrence(
  customerId: string,
  payee: Payee,
  autopay: NonNullable<Payee['autopay']>,
  date: IsoDate,
): Occurrence {
  return {
    customerId,
    source: 'autopay',
    scheduleId: payee.payeeId,
    payeeId: payee.payeeId,
    payeeName: payee.name,
    category: payee.category,
    fromAccountId: autopay.fromAccountId,
    amountCents: autopayAmount(payee),
    date,
    nextDate: nextAutopayDate(autopay.day, date),
  };
}

/**
 * Runs one occurrence of a scheduled payment (job). Only the date the schedule's current plan
 * waits for is paid, with that plan's account and amount: a job for a cancelled schedule, or for
 * a date an edit moved away from, pays nothing. A removed payee ends the schedule, and so does an
 * occurrence refused for good (its account closed, or no longer the customer's). The schedule's
 * stream records the occurrence too, so an edit or a cancel racing it conflicts and is decided
 * again on what was paid.
 */
export async function runScheduledOccurrence(
  ctx: CommandContext,
  paymentId: string,
  date: IsoDate,
) {
  return ctx.bus.execute({ actor: 'system:bill-pay' }, async (uow) => {
    const scheduleStream = billPayStreams.schedule(paymentId);
    const state = (await uow.load(scheduleStream, billScheduleAggregate)).state;
    const schedule = state.schedule;
    if (!schedule || !state.plan) return 'unknown' as const;
    const done = async () =>
      (await uow.load(billPayStreams.occurrence('scheduled', paymentId, date), existence)).state;
    if (state.cancelled) return (await done()) ? ('done' as const) : ('cancelled' as const);
    const payees = await uow.load(billPayStreams.payees(schedule.customerId), payeesAggregate);
    const payee = payees.state.payees[schedule.payeeId];
    if (!payee) return (await done()) ? ('done' as const) : ('payee_removed' as const);
    if (!isDue(state, date)) return (await done()) ? ('done' as const) : ('not_due' as const);
    const outcome = await runOccurrence(
      uow,
      scheduledOccurrence(paymentId, schedule, state.plan, payee, date),
      payee,
    );
    if (outcome !== 'done') {
      const stopped = outcome === 'stopped';
      uow.append(scheduleStream, decideAdvanced(state, date, { stopped }));
    }
    return outcome;
  });
}

/**
 * Runs one AutoPay occurrence of a payee (job); idempotent like a scheduled occurrence. One refused
 * for good turns the payee's AutoPay off ('stopped'), so the next job finds nothing due: it
 * answers 'autopay_off' (the payee is kept), as it does after the customer turned AutoPay off,
 * and 'payee_removed' only when the payee itself is gone.
 */
export async function runAutopayOccurrence(
  ctx: CommandContext,
  customerId: string,
  payeeId: string,
  date: IsoDate,
) {
  return ctx.bus.execute({ actor: 'system:autopay' }, async (uow) => {
    const payees = await uow.load(billPayStreams.payees(customerId), payeesAggregate);
    const payee = payees.state.payees[payeeId];
    if (!payee) return 'payee_removed' as const;
    if (!payee.autopay) return 'autopay_off' as const;
    if (!isAutopayDate(payee.autopay, date)) return 'not_due' as const;
    return runOccurrence(uow, autopayOccurrence(customerId, payee, payee.autopay, date), payee);
  });
}

/**
 * The job of a scheduled or AutoPay occurrence used up its tries (the bank could not reach its
 * database all day): unless it was paid, failed or called off meanwhile, the occurrence is
 * recorded as not made, the schedule goes on to its next date, and the customer is told, once.
 * Having told them that nothing was taken, the bank never pays that occurrence later: a run of
 * the job after this finds it handled.
 */
export async function tellBillPaymentNotMade(
  ctx: CommandContext,
  occurrence:
    | { source: 'scheduled'; paymentId: string; date: IsoDate }
    | { source: 'autopay'; customerId: string; payeeId: string; date: IsoDate },
): Promise<'told' | 'not_due'> {
  const { date } = occurrence;
  const { result } = await ctx.bus.execute({ actor: 'system:bill-pay' }, async (uow) => {
    const scheduleId =
      occurrence.source === 'scheduled' ? occurrence.paymentId : occurrence.payeeId;
    const stream = billPayStreams.occurrence(occurrence.source, scheduleId, date);
    if ((await uow.load(stream, existence)).state) return 'not_due' as const;
    let due: Occurrence;
    if (occurrence.source === 'autopay') {
      const payees = await uow.load(billPayStreams.payees(occurrence.customerId), payeesAggregate);
      const payee = payees.state.payees[occurrence.payeeId];
      if (!payee?.autopay || !isAutopayDate(payee.autopay, date)) return 'not_due' as const;
      due = autopayOccurrence(occurrence.customerId, payee, payee.autopay, date);
    } else {
      const schedule = billPayStreams.schedule(scheduleId);
      const state = (await uow.load(schedule, billScheduleAggregate)).state;
      if (!isDue(state, date)) return 'not_due' as const;
      const { customerId, payeeId } = state.schedule!;
      const payees = await uow.load(billPayStreams.payees(customerId), payeesAggregate);
      const payee = payees.state.payees[payeeId];
      if (!payee) return 'not_due' as const;
      due = scheduledOccurrence(scheduleId, state.schedule!, state.plan!, payee, date);
      uow.append(schedule, decideAdvanced(state, date));
    }
    const notMade = decideNotMade(due, occurrenceIds(due.source, scheduleId, date));
    uow.appendNew(stream, notMade.occurrence);
    uow.appendAny(streams.notifications(due.customerId), notMade.notification);
    return 'told' as const;
  });
  return result;
}
