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

/** The year's holidays as the Federal Reserve observes them, as YYYY-MM-DD dates. */
export function bankHolidays(year: number): string[] {
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
  ].filter((date) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return dayOfWeek(y, m, d) !== 6;
  });
}

const byYear = new Map<number, ReadonlySet<string>>();

/** Whether a calendar day (YYYY-MM-DD, the bank's) is a bank holiday. */
export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = new Set(bankHolidays(year));
    byYear.set(year, holidays);
  }
  return holidays.has(date);
}
