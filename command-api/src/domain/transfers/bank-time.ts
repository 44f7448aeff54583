import { BANK_TIME_ZONE, bankDate } from '@bank/events';
import { isBankHoliday } from './bank-holidays.ts';

export { bankDate };

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  weekday: 'short',
});

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** Minutes past midnight on the bank's clock (New York time) at `at`. */
export function bankClockMinutes(at: Date): number {
  const parts = clockFormat.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

function isWeekend(at: Date): boolean {
  const day = weekdayFormat.format(at);
  return day === 'Sat' || day === 'Sun';
}

/** Whether the payment networks run on the bank's day at `at`: not a weekend or bank holiday. */
export function isBusinessDay(at: Date): boolean {
  return !isWeekend(at) && !isBankHoliday(bankDate(at));
}

/**
 * The instant `businessDays` business days after `from` (weekends and bank holidays skipped, in
 * New York time).
 */
export function addBusinessDays(from: Date, businessDays: number): Date {
  const day = 24 * 3600 * 1000;
  let at = from;
  let left = businessDays;
  while (left > 0) {
    at = new Date(at.getTime() + day);
    if (isBusinessDay(at)) left -= 1;
  }
  return at;
}
