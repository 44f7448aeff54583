/**
 * The bank's calendar. Its day (limits, business dates, bill-pay and transfer dates) starts at
 * midnight in New York, with daylight saving, whatever the server's or the customer's time zone:
 * a customer in California choosing "today" at 10 pm gets the bank's date, which is already
 * tomorrow, and the server agrees with the form. No zod here: the web app's first page loads it.
 */
export const BANK_TIME_ZONE = 'America/New_York';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * An en-US formatter built on first use: the web app's first page loads this module and may
 * never need it. On the bank's clock unless the options name another time zone.
 */
export function lazyBankFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () =>
    (format ??= new Intl.DateTimeFormat('en-US', { timeZone: BANK_TIME_ZONE, ...options }));
}

const momentFormat = lazyBankFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * An instant as the bank states it to a customer, in a message or on a screen: on the bank's
 * clock, labelled EST or EDT ("Nov 30, 2026, 6:33 AM EST").
 */
export function bankTimeText(at: Date): string {
  return momentFormat()
    .format(at)
    .replace(/\u202f/g, ' ');
}

const dayFormat = lazyBankFormat({ month: 'short', day: 'numeric', year: 'numeric' });

const hourFormat = lazyBankFormat({ hour: 'numeric', hourCycle: 'h23' });

/** The hour (0–23) on the bank's clock at an instant. */
export function bankHour(at: Date): number {
  return Number(hourFormat().format(at)) % 24;
}

/** A bank day as the bank writes it to a customer ("Nov 25, 2026"), on the bank's calendar. */
export function bankDayText(at: Date): string {
  return dayFormat().format(at);
}

const HOUR_MS = 3_600_000;
/** The bank dates of the last instants asked for, by UTC hour. */
const datesByHour = new Map<number, string>();

/**
 * The bank's calendar date of an instant, as YYYY-MM-DD (years 1 to 9999). New York's offsets
 * from UTC are whole hours, so its dates (and daylight-saving changes) turn on whole UTC hours:
 * every instant of one UTC hour has the same bank date, worked out once (every money command and
 * many projections ask, and formatting in a time zone costs microseconds).
 */
export function bankDate(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let date = datesByHour.get(hour);
  if (date === undefined) {
    // The formatter writes a year before 1000 with fewer digits ("999-06-01").
    date = dateFormat.format(at).padStart(10, '0');
    if (datesByHour.size >= 256) datesByHour.clear();
    datesByHour.set(hour, date);
  }
  return date;
}

/**
 * The first instant of a bank date (YYYY-MM-DD): midnight in New York. The bank's dates turn on
 * whole UTC hours (see bankDate), so it is the first of the UTC hours around that date's own UTC
 * midnight (time zones lie within 14 hours of UTC) that has the date.
 */
export function bankDayStart(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (let hour = -14; hour <= 14 && Number.isFinite(utcMidnight); hour += 1) {
    const at = new Date(utcMidnight + hour * HOUR_MS);
    if (bankDate(at) === date) return at;
  }
  throw new Error(`Not a date: "${date}"`);
}

/** The bank's calendar month of an instant, as YYYY-MM. */
export const bankMonth = (at: Date): string => bankDate(at).slice(0, 7);

/** A YYYY-MM month `delta` months later (earlier when negative). */
export function addMonthsIso(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + delta;
  const yearText = String(Math.floor(index / 12)).padStart(4, '0');
  return `${yearText}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The first instant of a bank month (YYYY-MM): midnight in New York on its first day. Statements
 * run from one month's start to the next's, as the history's date filters and the limits count.
 */
export const bankMonthStart = (month: string): Date => bankDayStart(`${month}-01`);

/** Today in the bank's calendar, as YYYY-MM-DD. */
export function bankToday(now = new Date()): string {
  return bankDate(now);
}

/**
 * How far ahead a transfer or a bill payment may be scheduled: a year, counted as a leap year's
 * days. The servers refuse a later date; the forms offer none.
 */
export const SCHEDULE_MAX_DAYS_AHEAD = 366;

/** The last date that may be scheduled on `today`. */
export const lastSchedulableDate = (today: string): string =>
  addDaysIso(today, SCHEDULE_MAX_DAYS_AHEAD);

/**
 * How long a recurring transfer may run with an end date: ten years, as its number of transfers
 * stops at 520 (ten years of weekly ones). A schedule without an end is chosen by giving none.
 */
export const SCHEDULE_MAX_END_DAYS = 3653;

/** The last end date a recurring transfer starting on `start` may have. */
export const lastScheduleEndDate = (start: string): string =>
  addDaysIso(start, SCHEDULE_MAX_END_DAYS);

/** A YYYY-MM-DD date `days` later (calendar arithmetic, no time zone involved). */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
