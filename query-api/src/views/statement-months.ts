const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-03" → its first instant (UTC); undefined when it is not a month. */
export function monthStart(month: string): Date | undefined {
  const match = MONTH.exec(month);
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

export function nextMonthStart(start: Date): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The statement months of an account, newest first: from the month of its first activity to the
 * current month (UTC), which is a statement to date until the month ends. At most `limit`.
 */
export function statementMonths(firstActivity: Date, now: Date, limit = 120): string[] {
  const months: string[] = [];
  const first = monthStart(monthOf(firstActivity))!;
  for (
    let start = monthStart(monthOf(now))!;
    start >= first && months.length < limit;
    start = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1))
  ) {
    months.push(monthOf(start));
  }
  return months;
}
