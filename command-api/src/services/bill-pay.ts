import { randomUUID } from 'node:crypto';
import {
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
  nextAutopayDate,
  nextOccurrence,
  type IsoDate,
} from '../domain/bill-pay/calendar.ts';
import {
  autopayAmount,
  decidePayees,
  payeesAggregate,
  requirePayee,
} from '../domain/bill-pay/payees.ts';
import { decideOccurrence, decideSchedule, scheduleAggregate } from '../domain/bill-pay/payment.ts';
import { customerAggregate } from '../domain/customer/customer.ts';
import { DomainError, existence } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import { accountIdByNumber } from './deposits.ts';

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

export async function addPayee(
  ctx: CommandContext,
  customerId: string,
  input: NewPayee,
  metadata: EventMetadata,
) {
  const payeeId = randomUUID();
  const digits = input.accountNumber.replace(/[\s-]/g, '');
  const accountNumberEncrypted = ctx.secrets.encrypt(digits);
  return run(() =>
    ctx.bus.execute(metadata, async (uow) => {
      let autopay: EventData<'BillPayeeAdded'>['autopay'] = null;
      if (input.autopay) {
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
      const data: EventData<'BillPayeeAdded'> = {
        customerId,
        payeeId,
        name: input.name,
        displayName: input.displayName,
        category: input.category,
        accountNumberEncrypted,
        accountLast4: digits.slice(-4),
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        phone: input.phone,
        defaultAmountCents: input.defaultAmountCents,
        autopay,
      };
      uow.append(stream, decidePayees({ type: 'AddPayee', data }, payees.state));
      return data;
    }),
  );
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

export interface NewPayment {
  payeeId: string;
  fromAccountId: string;
  amountCents: number;
  /** Undefined: today. */
  scheduledDate: IsoDate | undefined;
  memo: string | null;
  recurrence: { frequency: RecurringFrequency; endDate: IsoDate | null } | null;
}

/**
 * Schedules a payment. Dated today it is paid at once (refused with "Insufficient funds" when the
 * account cannot cover it); dated later it is paid by a delayed job on its date.
 */
export async function schedulePayment(
  ctx: CommandContext,
  customerId: string,
  input: NewPayment,
  metadata: EventMetadata,
) {
  const paymentId = randomUUID();
  return run(() =>
    ctx.bus.execute(metadata, async (uow) => {
      const today = bankDate(billPayClock.now());
      const firstDate = input.scheduledDate ?? today;
      const payees = await uow.load(billPayStreams.payees(customerId), payeesAggregate);
      const payee = requirePayee(payees.state, input.payeeId);
      const account = await loadOwnAccount(uow, customerId, input.fromAccountId);
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
      const current = await uow.load(scheduleStream, scheduleAggregate);
      uow.appendNew(scheduleStream, decideSchedule(schedule, current.state, today));
      const nextDate = nextOccurrence(firstDate, input.recurrence, firstDate);
      if (firstDate !== today)
        return { schedule, status: 'scheduled' as const, nextDate: firstDate };

      const occurrence = {
        customerId,
        source: 'scheduled' as const,
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
      const paid = decideOccurrence(occurrence, account.state, ids, { notify: false });
      if (paid.outcome === 'failed') {
        throw new DomainError('insufficient_funds', 'Insufficient funds', 'amount');
      }
      uow.append(streams.account(input.fromAccountId), paid.account);
      uow.appendNew(billPayStreams.occurrence('scheduled', paymentId, today), paid.occurrence);
      return {
        schedule,
        status: 'completed' as const,
        nextDate,
        reference: ids.reference,
      };
    }),
  );
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
 * Runs one occurrence of a scheduled payment (job). Idempotent: an occurrence whose stream
 * exists was handled; a removed payee ends the schedule.
 */
export async function runScheduledOccurrence(
  ctx: CommandContext,
  paymentId: string,
  date: IsoDate,
) {
  return ctx.bus.execute({ actor: 'system:bill-pay' }, async (uow) => {
    const schedule = (await uow.load(billPayStreams.schedule(paymentId), scheduleAggregate)).state;
    if (!schedule) return 'unknown' as const;
    const occurrenceStream = billPayStreams.occurrence('scheduled', paymentId, date);
    if ((await uow.load(occurrenceStream, existence)).state) {
      return 'done' as const;
    }
    const payees = await uow.load(billPayStreams.payees(schedule.customerId), payeesAggregate);
    if (!payees.state.payees[schedule.payeeId]) return 'payee_removed' as const;
    const accountStream = streams.account(schedule.fromAccountId);
    const account = await uow.load(accountStream, accountAggregate);
    const result = decideOccurrence(
      {
        customerId: schedule.customerId,
        source: 'scheduled',
        scheduleId: paymentId,
        payeeId: schedule.payeeId,
        payeeName: schedule.payeeName,
        category: schedule.category,
        fromAccountId: schedule.fromAccountId,
        amountCents: schedule.amountCents,
        date,
        nextDate: nextOccurrence(schedule.firstDate, schedule.recurrence, date),
      },
      account.state,
      occurrenceIds('scheduled', paymentId, date),
      { notify: true },
    );
    if (result.account.length > 0) uow.append(accountStream, result.account);
    uow.appendNew(occurrenceStream, result.occurrence);
    uow.appendAny(streams.notifications(schedule.customerId), result.notification);
    return result.outcome;
  });
}

/** Runs one AutoPay occurrence of a payee (job); idempotent like a scheduled occurrence. */
export async function runAutopayOccurrence(
  ctx: CommandContext,
  customerId: string,
  payeeId: string,
  date: IsoDate,
) {
  return ctx.bus.execute({ actor: 'system:autopay' }, async (uow) => {
    const payees = await uow.load(billPayStreams.payees(customerId), payeesAggregate);
    const payee = payees.state.payees[payeeId];
    if (!payee?.autopay) return 'payee_removed' as const;
    const occurrenceStream = billPayStreams.occurrence('autopay', payeeId, date);
    if ((await uow.load(occurrenceStream, existence)).state) {
      return 'done' as const;
    }
    const accountStream = streams.account(payee.autopay.fromAccountId);
    const account = await uow.load(accountStream, accountAggregate);
    const result = decideOccurrence(
      {
        customerId,
        source: 'autopay',
        scheduleId: payeeId,
        payeeId,
        payeeName: payee.name,
        category: payee.category,
        fromAccountId: payee.autopay.fromAccountId,
        amountCents: autopayAmount(payee),
        date,
        nextDate: nextAutopayDate(payee.autopay.day, date),
      },
      account.state,
      occurrenceIds('autopay', payeeId, date),
      { notify: true },
    );
    if (result.account.length > 0) uow.append(accountStream, result.account);
    uow.appendNew(occurrenceStream, result.occurrence);
    uow.appendAny(streams.notifications(customerId), result.notification);
    return result.outcome;
  });
}
