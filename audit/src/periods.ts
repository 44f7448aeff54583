import { addMonthsIso, bankMonthStart } from '@bank/events';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * Reads an ISO 8601 instant. A bare date means the start of that day (UTC) for `start`, and the
 * end of it (the next midnight, exclusive) for `end`: "balance at 2025-03-31" is the close of
 * that day, and a statement "to 2025-03-31" includes that day.
 */
export function parseInstant(text: string, edge: 'start' | 'end'): Date | undefined {
  const value = text.trim();
  if (DATE_ONLY.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value)
      return undefined;
    return new Date(edge === 'start' ? start : start + DAY_MS);
  }
  if (!DATE_TIME.test(value)) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

/** For an `at` bound: the last instant included (a bare date: the end of that day). */
export function parseAsOf(text: string): Date | undefined {
  const end = parseInstant(text, 'end');
  if (!end) return undefined;
  return DATE_ONLY.test(text.trim()) ? new Date(end.getTime() - 1) : end;
}

/** A year and month as YYYY-MM. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first month of the bank's era: earlier years are no account's. */
export const BANK_ERA = '1900-01';

export const isMonth = (text: string): boolean => MONTH.test(text);

/** The bank's era as instants (bare dates are UTC days): its first, and the first after 9999. */
const ERA_FIRST = Date.parse(`${BANK_ERA}-01T00:00:00.000Z`);
const ERA_AFTER = Date.parse('+010000-01-01T00:00:00.000Z');

/** The dates of the bank's era as an auditor writes them, for messages. */
export const BANK_ERA_DAYS = `${BANK_ERA}-01 and 9999-12-31`;

/**
 * Whether an instant read by parseInstant or parseAsOf lies in the bank's era: a `start` (or an
 * `at`) is one of its instants, an `end` (exclusive) at most the instant after its last day.
 */
export function inBankEra(instant: Date, edge: 'start' | 'end'): boolean {
  const t = instant.getTime();
  return edge === 'start' ? t >= ERA_FIRST && t < ERA_AFTER : t > ERA_FIRST && t <= ERA_AFTER;
}

/**
 * "2026-03" → its first instant in the bank's calendar (midnight in New York, the customers'
 * statement months); undefined when it is not a month of the bank's era.
 */
export const monthStart = (month: string): Date | undefined =>
  isMonth(month) && month >= BANK_ERA ? bankMonthStart(month) : undefined;

/** The first instant of the month after the bank month `month`. */
export const nextMonthStart = (month: string): Date => bankMonthStart(addMonthsIso(month, 1));

/** A customer's statement period: a bank month, or while it is in progress the month to date. */
export interface MonthPeriod {
  from: Date;
  /** Exclusive: the next month's first instant, or `now` while the month is in progress. */
  to: Date;
  /** The month is not over: a statement to date, its last balance as of `to`. */
  toDate: boolean;
}

/**
 * The period of a customer's statement of `month` as the bank draws it at `now`; undefined when
 * the text is no month of the bank's era or the month has not begun.
 */
export function monthPeriod(month: string, now = new Date()): MonthPeriod | undefined {
  const from = monthStart(month);
  if (!from || from > now) return undefined;
  const end = nextMonthStart(month);
  return end > now ? { from, to: now, toDate: true } : { from, to: end, toDate: false };
}
