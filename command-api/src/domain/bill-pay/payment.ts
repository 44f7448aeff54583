import { BILL_PAY_MESSAGES } from '@bank/contracts';
import { lastSchedulableDate } from '@bank/contracts/bank-time';
import {
  BillPaymentFailed,
  BillPaymentPaid,
  BillPaymentScheduled,
  formatUsd,
  ledgerAccounts,
  NotificationRaised,
  type EventData,
} from '@bank/events';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  ACCOUNT_CLOSED,
  decideAccount,
  INSUFFICIENT_FUNDS,
  type AccountState,
} from '../account/account.ts';
import { DAILY_LIMIT_EXCEEDED, decideMovement, type ActivityState } from '../transfers/limits.ts';
import { ACCOUNT_GONE, refusalStopsSchedule } from '../transfers/schedule-refusals.ts';
import { autopayTurnedOff, markFirstPaid, requireFirstPaymentLimit, type Payee } from './payees.ts';
import { readableDate, type IsoDate } from './calendar.ts';

export const MINIMUM_PAYMENT_CENTS = 1;
export const PAST_DATE = BILL_PAY_MESSAGES.datePast;
export const TOO_FAR = BILL_PAY_MESSAGES.dateTooFar;
export const END_BEFORE_START = BILL_PAY_MESSAGES.endBeforeStart;
export const MINIMUM_PAYMENT = BILL_PAY_MESSAGES.minimum;

/** A payment's first date: from today to a year ahead (a later one would wait for years). */
export function requirePaymentDate(date: IsoDate, today: IsoDate): void {
  if (date < today) throw new DomainError('date', PAST_DATE, 'scheduled_date');
  if (date > lastSchedulableDate(today)) throw new DomainError('date', TOO_FAR, 'scheduled_date');
}

/**
 * A scheduled payment's stream holds its schedule (see schedule.ts); each occurrence has its own
 * stream. Here: the schedule already stored under its id, if any.
 */
export type ScheduleState = EventData<'BillPaymentScheduled'> | null;

/** Refuses a schedule that breaks the rules; `today` is the bank date when it is made. */
export function decideSchedule(
  schedule: EventData<'BillPaymentScheduled'>,
  state: ScheduleState,
  today: IsoDate,
) {
  if (state) throw new DomainError('exists', 'The payment is already scheduled.');
  if (schedule.amountCents < MINIMUM_PAYMENT_CENTS) {
    throw new DomainError('amount', MINIMUM_PAYMENT, 'amount');
  }
  requirePaymentDate(schedule.firstDate, today);
  const end = schedule.recurrence?.endDate;
  if (end && end < schedule.firstDate) {
    throw new DomainError('end_date', END_BEFORE_START, 'recurring_end_date');
  }
  return [BillPaymentScheduled.create(schedule)];
}

/**
 * What a bill payment's movement is recorded with: its payee and amount, so a second payment of
 * the same to the same payee on the same day is recognised (see paidToday), and one without an
 * Idempotency-Key within 60 s refused.
 */
export const billPaymentFingerprint = (payeeId: string, amountCents: number) =>
  `bill-pay:${payeeId}:${amountCents}`;

export type Occurrence = Omit<EventData<'BillPaymentPaid'>, 'entryId' | 'reference'>;

export interface OccurrenceIds {
  entryId: string;
  reference: string;
  notificationId: string;
}

/** What the limits of a payment are decided on: the payee, the customer's recent movements. */
export interface OccurrenceLimits {
  payee: Payee;
  activity: ActivityState;
  now: Date;
  /** Without an Idempotency-Key, an identical payment within 60 s is refused as a duplicate. */
  checkDuplicate: boolean;
}

/**
 * The refusals an occurrence is recorded as failed for, by the DomainError's reason; any other
 * error goes back to the job to try again. Whether one ends a scheduled payment is decided, as for
 * a scheduled transfer, by refusalStopsSchedule: the reasons are the account decider's and the
 * limits' own, the same for both.
 */
const FAILURES: Record<string, EventData<'BillPaymentFailed'>['reason']> = {
  [INSUFFICIENT_FUNDS]: 'insufficient_funds',
  [DAILY_LIMIT_EXCEEDED]: 'limit_exceeded',
  [ACCOUNT_CLOSED]: 'account_closed',
  [ACCOUNT_GONE]: 'account_gone',
};

/** What the customer is told went wrong, by the failure's reason. */
function failureWhy(
  reason: EventData<'BillPaymentFailed'>['reason'],
  account: AccountState,
  error: DomainError,
) {
  switch (reason) {
    case 'insufficient_funds':
      return `insufficient funds in your ${account.name}`;
    case 'account_closed':
      return `your ${account.name} is closed`;
    case 'account_gone':
      // Not (or no longer) the customer's: not named to them.
      return 'the account is no longer available';
    default:
      return error.message;
  }
}

/**
 * Pays one occurrence from the account, counted against the bill pay limits (and the new-payee
 * limit), or records it as failed when the limits or the available balance do not allow it: the
 * account is never overdrawn, no limit is passed, and the customer is told either way, a payment
 * made now as well as one that ran on its day (as a transfer's sender is). A failure carries the
 * refusal, for a payment made now to answer with. A scheduled payment refused for good (its
 * account closed, or no longer the customer's) ends at that occurrence, `stopped`, when it had
 * dates left, instead of failing on each of them; an AutoPay so refused is stopped the same way,
 * and its payee's AutoPay turned off in the same append (its plan is the payee's setting).
 */
export function decideOccurrence(
  occurrence: Occurrence,
  account: AccountState,
  limits: OccurrenceLimits,
  ids: OccurrenceIds,
) {
  const amount = formatUsd(occurrence.amountCents);
  try {
    // An account that is not (or no longer) the customer's pays nothing of theirs.
    if (account.opened && account.customerId !== occurrence.customerId) {
      throw new DomainError(ACCOUNT_GONE, 'The account is no longer available.');
    }
    requireFirstPaymentLimit(limits.payee, occurrence.amountCents);
    const movement = decideMovement(
      {
        customerId: occurrence.customerId,
        movementId: ids.entryId,
        category: 'bill-pay',
        amount: occurrence.amountCents,
        fingerprint: billPaymentFingerprint(occurrence.payeeId, occurrence.amountCents),
        checkDuplicate: limits.checkDuplicate,
        now: limits.now,
      },
      limits.activity,
    );
    const debit = decideAccount(
      {
        type: 'Debit',
        posting: {
          accountId: occurrence.fromAccountId,
          entryId: ids.entryId,
          amount: occurrence.amountCents,
          description: `Bill payment to ${occurrence.payeeName}`,
          kind: 'bill_payment',
          contra: ledgerAccounts.clearingBillPay,
          reference: ids.reference,
          metadata: {
            payee_id: occurrence.payeeId,
            payee_name: occurrence.payeeName,
            category: occurrence.category,
            bill_payment_source: occurrence.source,
            schedule_id: occurrence.scheduleId,
            scheduled_date: occurrence.date,
          },
        },
      },
      account,
    );
    return {
      outcome: 'paid' as const,
      account: debit,
      movement,
      payee: markFirstPaid(occurrence.customerId, limits.payee, limits.now),
      occurrence: [
        BillPaymentPaid.create({ ...occurrence, entryId: ids.entryId, reference: ids.reference }),
      ],
      notification: [
        NotificationRaised.create({
          customerId: occurrence.customerId,
          notificationId: ids.notificationId,
          type: 'bill_payment',
          title: occurrence.source === 'autopay' ? 'AutoPay payment sent' : 'Bill payment sent',
          message: `${amount} was paid to ${occurrence.payeeName} from your ${account.name}.`,
          priority: 'low',
        }),
      ],
    };
  } catch (error) {
    const reason = error instanceof DomainError ? FAILURES[error.reason] : undefined;
    if (!reason) throw error;
    const refusal = error as DomainError;
    const autopay = occurrence.source === 'autopay';
    // AutoPay's plan is the payee's setting: stopping it is turning that off (when still on).
    const stopped =
      occurrence.nextDate !== null &&
      refusalStopsSchedule(refusal.reason) &&
      (!autopay || limits.payee.autopay !== null);
    const failed = `Your ${amount} payment to ${occurrence.payeeName} due ${readableDate(occurrence.date)} failed: ${failureWhy(reason, account, refusal).replace(/\.$/, '')}. Nothing was taken from your account.`;
    return {
      outcome: 'failed' as const,
      refusal,
      stopped,
      account: [],
      movement: [],
      payee: stopped && autopay ? autopayTurnedOff(occurrence.customerId, limits.payee) : [],
      occurrence: [
        BillPaymentFailed.create(
          stopped
            ? { ...occurrence, reason, nextDate: null, stopped: true as const }
            : { ...occurrence, reason },
        ),
      ],
      notification: [
        NotificationRaised.create({
          customerId: occurrence.customerId,
          notificationId: ids.notificationId,
          type: 'bill_payment',
          ...(!stopped
            ? { title: 'Bill payment failed', message: failed }
            : autopay
              ? {
                  title: 'AutoPay turned off',
                  message: `${failed} AutoPay for ${occurrence.payeeName} has been turned off; turn it on again with another account if you still need it.`,
                }
              : {
                  title: 'Repeating bill payment stopped',
                  message: `${failed} This repeating payment has been stopped; schedule a new one if you still need it.`,
                }),
          priority: 'high',
        }),
      ],
    };
  }
}

/**
 * An occurrence whose job gave up (the bank could not reach its database all day) is recorded as
 * failed, so that it is never paid later: the customer is told that nothing was taken.
 */
export function decideNotMade(occurrence: Occurrence, ids: OccurrenceIds) {
  const what =
    occurrence.source === 'autopay'
      ? `AutoPay payment of ${formatUsd(occurrence.amountCents)}`
      : `scheduled payment of ${formatUsd(occurrence.amountCents)}`;
  return {
    occurrence: [BillPaymentFailed.create({ ...occurrence, reason: 'not_made_on_its_date' })],
    notification: [
      NotificationRaised.create({
        customerId: occurrence.customerId,
        notificationId: ids.notificationId,
        type: 'bill_payment',
        title: 'Bill payment not made',
        message: `Your ${what} to ${occurrence.payeeName} on ${readableDate(occurrence.date)} could not be made. Nothing was taken from your account.`,
        priority: 'high',
      }),
    ],
  };
}
