import { addDaysIso } from '@bank/contracts/bank-time';
import { accountProduct, bankDate, ledgerAccounts, type Posting } from '@bank/events';
import { INTEREST_KIND, type AccountCommand, type AccountState } from '../account/account.ts';

/**
 * Monthly interest on deposits, by the average daily balance method. Pure: the job reads the
 * account's own stream and hands its events here; nothing here reads or writes.
 */

const DAYS_PER_YEAR = 365n;
const BASIS_POINTS = 10_000n;

export const INTEREST_DESCRIPTION = 'Interest paid';

/**
 * The interest earned over a period, in cents:
 *
 *   interest = round_half_up( Σ_days max(0, end-of-day balance) × rateBasisPoints / (10 000 × 365) )
 *
 * Summing the daily balances first and dividing once is the average daily balance times the days
 * times the daily rate, rounded once: no cent is lost to rounding day by day. BigInt, because a
 * month of balances in cents times a rate in basis points can pass 2^53. An overdrawn day earns
 * nothing (the bank charges no negative interest here).
 */
export function interestCents(
  endOfDayBalances: readonly number[],
  rateBasisPoints: number,
): number {
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(
      `A rate is a whole, non-negative number of basis points: ${rateBasisPoints}`,
    );
  }
  let sum = 0n;
  for (const balance of endOfDayBalances) {
    if (!Number.isSafeInteger(balance))
      throw new RangeError(`Balances are whole cents: ${balance}`);
    if (balance > 0) sum += BigInt(balance);
  }
  const numerator = sum * BigInt(rateBasisPoints);
  const denominator = BASIS_POINTS * DAYS_PER_YEAR;
  // Half up: add half the denominator before the (flooring, both sides non-negative) division.
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The dates of a month ("2026-11") from `from` (a date in it, or before it) to its last day. */
export function daysOfMonth(month: string, from?: string): string[] {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let day = first; day.startsWith(month); day = addDaysIso(day, 1)) {
    if (!from || day >= from) days.push(day);
  }
  return days;
}

/** A posting as the balance sees it: signed cents and the bank date it took effect on. */
export interface DatedAmount {
  /** YYYY-MM-DD in bank time. */
  date: string;
  /** Positive for a credit, negative for a debit. */
  cents: number;
}

/**
 * The balance at the end of each of `days` (ascending bank dates): every posting dated on or
 * before that day. Postings in any order.
 */
export function endOfDayBalances(
  postings: readonly DatedAmount[],
  days: readonly string[],
): number[] {
  const sorted = [...postings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const balances: number[] = [];
  let balance = 0;
  let next = 0;
  for (const day of days) {
    while (next < sorted.length && sorted[next]!.date <= day) balance += sorted[next++]!.cents;
    balances.push(balance);
  }
  return balances;
}

/** An event of the account's stream as read back: what it is and when it was recorded. */
export interface AccountStreamEvent {
  event: { type: string; data: unknown };
  recordedAt: Date;
}

/**
 * The bank date a posting counts from: its value date when it has one (imported or seeded
 * history), else when it was recorded.
 */
const effectiveDate = (posting: Posting, recordedAt: Date) =>
  bankDate(posting.occurredAt ? new Date(posting.occurredAt) : recordedAt);

/** The account's postings as dated amounts, and the bank date it opened. */
export function accountHistory(events: readonly AccountStreamEvent[]): {
  openedOn: string | undefined;
  postings: DatedAmount[];
} {
  let openedOn: string | undefined;
  const postings: DatedAmount[] = [];
  for (const { event, recordedAt } of events) {
    if (event.type === 'AccountOpened') openedOn = bankDate(recordedAt);
    if (event.type === 'AccountCredited' || event.type === 'AccountDebited') {
      const posting = event.data as Posting;
      const sign = event.type === 'AccountCredited' ? 1 : -1;
      postings.push({ date: effectiveDate(posting, recordedAt), cents: sign * posting.amount });
    }
  }
  return { openedOn, postings };
}

/**
 * Decides the interest credit of one account for one month that has ended, or none: a closed
 * account, a product without interest, a month before it opened, a month already paid (by this
 * entry id) or a month that earned less than half a cent. The month it opened counts from its
 * opening day.
 */
export function decideMonthlyInterest(input: {
  state: AccountState;
  events: readonly AccountStreamEvent[];
  month: string;
  entryId: string;
  reference: string;
}): AccountCommand | undefined {
  const { state, month, entryId } = input;
  if (!state.opened || state.closed || state.interestPaid.includes(entryId)) return undefined;
  const rate = accountProduct(state.productCode).rateBasisPoints;
  if (rate === 0) return undefined;
  const { openedOn, postings } = accountHistory(input.events);
  if (!openedOn || openedOn.slice(0, 7) > month) return undefined;
  const days = daysOfMonth(month, openedOn);
  const amount = interestCents(endOfDayBalances(postings, days), rate);
  if (amount === 0) return undefined;
  return {
    type: 'Credit',
    posting: {
      accountId: state.accountId,
      entryId,
      amount,
      description: INTEREST_DESCRIPTION,
      kind: INTEREST_KIND,
      contra: ledgerAccounts.interestExpense,
      reference: input.reference,
      metadata: { month, rate_basis_points: rate, days: days.length },
    },
  };
}
