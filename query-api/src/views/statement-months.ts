import { addMonthsIso, bankMonth } from '@bank/events';
import { BANK_ERA } from '@bank/audit';

export { isMonth, monthStart, nextMonthStart } from '@bank/audit';

/** The first day of the bank's era, for filters by day (the history's). */
export const BANK_ERA_FIRST_DAY = `${BANK_ERA}-01`;

/**
 * Statement months are the bank's calendar months: midnight to midnight in New York, as the
 * history's date filters and the limits count days. (A UTC month would put a payment made at
 * 9 pm on the last day of a month into the next month's statement.)
 */
export const monthOf = bankMonth;

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
