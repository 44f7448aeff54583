import { BANK_TIME_ZONE, bankDate, type RecurringFrequency } from '@bank/events';

export { bankDate };

// Bill pay runs on calendar dates of the bank's time zone: a payment dated 2025-03-14 is due at
// the start of that day in New York, whatever the customer's or the server's time zone.

export type IsoDate = string;

/** "2026-12-05" as a customer reads it: "Dec 5, 2026". */
export const readableDate = (isoDate: IsoDate | null) =>
  isoDate === null
    ? ''
    : new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function zonedParts(instant: Date) {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the bank's wall clock is ahead of UTC at an instant, in ms (negative in New York). */
function zoneOffsetMs(instant: Date): number {
  const p = zonedParts(instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a bank date begins (midnight in New York, DST included). */
export function startOfBankDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - zoneOffsetMs(new Date(wallMidnight));
  // The offset at the guess may differ from the offset at midnight itself near a DST change.
  instant = wallMidnight - zoneOffsetMs(new Date(instant));
  return new Date(instant);
}

export function isValidDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}

function toDate(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month1to12: number): number {
  return new Date(Date.UTC(year, month1to12, 0)).getUTCDate();
}

/** The given day of a month, clamped to the month's length (day 31 in April is the 30th). */
export function clampedDay(year: number, month1to12: number, day: number): IsoDate {
  const d = Math.min(day, daysInMonth(year, month1to12));
  return `${year}-${String(month1to12).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function addMonths(start: IsoDate, months: number): IsoDate {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  return clampedDay(Math.floor(index / 12), (index % 12) + 1, d);
}

function addDays(start: IsoDate, days: number): IsoDate {
  const date = toDate(start);
  date.setUTCDate(date.getUTCDate() + days);
  return fromDate(date);
}

/**
 * The n-th occurrence (0 = the first) of a schedule that starts on `start`. Counted from the
 * start, not from the previous occurrence, so a monthly payment on the 31st is paid on the 30th in
 * April and on the 31st again in May.
 */
export function occurrenceDate(start: IsoDate, frequency: RecurringFrequency, n: number): IsoDate {
  switch (frequency) {
    case 'weekly':
      return addDays(start, 7 * n);
    case 'biweekly':
      return addDays(start, 14 * n);
    case 'monthly':
      return addMonths(start, n);
    case 'quarterly':
      return addMonths(start, 3 * n);
    case 'yearly':
      return addMonths(start, 12 * n);
    default: {
      const exhaustive: never = frequency;
      throw new Error(`Unknown frequency ${String(exhaustive)}`);
    }
  }
}

/** The occurrence after `date`, or null when it would fall after the end date. */
export function nextOccurrence(
  start: IsoDate,
  recurrence: { frequency: RecurringFrequency; endDate: IsoDate | null } | null,
  date: IsoDate,
): IsoDate | null {
  if (!recurrence) return null;
  for (let n = 1; n < 10_000; n += 1) {
    const candidate = occurrenceDate(start, recurrence.frequency, n);
    if (candidate <= date) continue;
    return recurrence.endDate !== null && candidate > recurrence.endDate ? null : candidate;
  }
  return null;
}

/**
 * Whether `date` is one of an AutoPay's dates: its day of the month (clamped to the month's
 * length), on or after its first date. A job for any other date pays nothing.
 */
export function isAutopayDate(
  autopay: { day: number; firstDate: IsoDate },
  date: IsoDate,
): boolean {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return date >= autopay.firstDate && clampedDay(y, m, autopay.day) === date;
}

/**
 * The next AutoPay date strictly after `after`: the payee's day of the month, clamped to the
 * month's length. Adding a payee on its AutoPay day schedules next month's, not today's.
 */
export function nextAutopayDate(day: number, after: IsoDate): IsoDate {
  const [y, m] = after.split('-').map(Number) as [number, number];
  const thisMonth = clampedDay(y, m, day);
  if (thisMonth > after) return thisMonth;
  return m === 12 ? clampedDay(y + 1, 1, day) : clampedDay(y, m + 1, day);
}
