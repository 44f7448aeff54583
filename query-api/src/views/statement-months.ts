import { addMonthsIso, bankMonth, bankMonthStart } from '@bank/events';

/** A year and month as YYYY-MM. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first month of the bank's era: earlier years are no account's. */
const BANK_ERA = '1900-01';

/** The first day of the bank's era, for filters by day (the history's). */
export const BANK_ERA_FIRST_DAY = `${BANK_ERA}-01`;

export const isMonth = (text: string): boolean => MONTH.test(text);

/**
 * Statement months are the bank's calendar months: midnight to midnight in New York, as the
 * history's date filters and the limits count days. (A UTC month would put a payment made at
 * 9 pm on the last day of a month into the next month's statement.)
 */
export const monthOf = bankMonth;

/**
 * "2026-03" → its first instant in the bank's calendar; undefined when it is not a month of the
 * bank's era.
 */
export const monthStart = (month: string): Date | undefined =>
  isMonth(month) && month >= BANK_ERA ? bankMonthStart(month) : undefined;

/** The first instant of the month after the bank month `month`. */
export const nextMonthStart = (month: string): Date => bankMonthStart(addMonthsIso(month, 1));

/**
 * The statement months of an account, newest first: from the month of its first activity to the
 * current month, which is a statement to date until the month ends. At most `limit`.
 */
export function statementMonths(firstActivity: Date, now: Date, limit = 120): string[] {
  const months: string[] = [];
  const first = monthOf(firstActivity);
  for (
    let month = monthOf(now);
    month >= first && months.length < limit;
    month = addMonthsIso(month, -1)
  ) {
    months.push(month);
  }
  return months;
}
