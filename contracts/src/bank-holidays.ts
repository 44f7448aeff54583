/**
 * The days the Federal Reserve's payment services (Fedwire, FedACH) are closed besides weekends:
 * the federal holidays. A holiday that falls on a Sunday is observed on the Monday after; one that
 * falls on a Saturday is not moved, as the Federal Reserve Banks are open on the Friday before.
 */

const dayOfWeek = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A fixed-date holiday as observed: on the Monday after when it falls on a Sunday. */
function fixed(year: number, month: number, day: number): string {
  return dayOfWeek(year, month, day) === 0 ? iso(year, month, day + 1) : iso(year, month, day);
}

/** The `nth` given weekday (0 = Sunday) of a month; `nth` -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = (weekday - dayOfWeek(year, month, 1) + 7) % 7;
    return iso(year, month, 1 + first + 7 * (nth - 1));
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, lastDay - ((dayOfWeek(year, month, lastDay) - weekday + 7) % 7));
}

const MONDAY = 1;
const THURSDAY = 4;

/** The year's federal holidays as observed, as YYYY-MM-DD dates, Saturdays included. */
function observedHolidays(year: number): string[] {
  return [
    fixed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, MONDAY, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    nthWeekday(year, 5, MONDAY, -1), // Memorial Day
    fixed(year, 6, 19), // Juneteenth National Independence Day
    fixed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    fixed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving Day
    fixed(year, 12, 25), // Christmas Day
  ];
}

const isSaturday = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return dayOfWeek(y, m, d) === 6;
};

/** The year's holidays as the Federal Reserve observes them, as YYYY-MM-DD dates. */
export function bankHolidays(year: number): string[] {
  return observedHolidays(year).filter((date) => !isSaturday(date));
}

/** The year's days as sets, built once per year asked for. */
function memoByYear(list: (year: number) => string[]) {
  const byYear = new Map<number, ReadonlySet<string>>();
  return (date: string): boolean => {
    const year = Number(date.slice(0, 4));
    let days = byYear.get(year);
    if (!days) {
      days = new Set(list(year));
      byYear.set(year, days);
    }
    return days.has(date);
  };
}

/** Whether a calendar day (YYYY-MM-DD, the bank's) is a bank holiday. */
export const isBankHoliday: (date: string) => boolean = memoByYear(bankHolidays);

/**
 * Whether the branches are closed for a holiday on a calendar day (YYYY-MM-DD): a bank holiday,
 * or a fixed-date holiday falling on a Saturday (the Federal Reserve keeps no Saturday hours to
 * move, but a branch that opens Saturday mornings stays shut on Christmas).
 */
export const isBranchHoliday: (date: string) => boolean = memoByYear(observedHolidays);
