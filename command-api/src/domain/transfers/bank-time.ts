import { BANK_TIME_ZONE, bankDate } from '@bank/events';

export { bankDate };

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  weekday: 'short',
});

export function isWeekend(at: Date): boolean {
  const day = weekdayFormat.format(at);
  return day === 'Sat' || day === 'Sun';
}

/**
 * The instant `businessDays` business days after `from` (weekends skipped in New York time; bank
 * holidays are not modelled).
 */
export function addBusinessDays(from: Date, businessDays: number): Date {
  const day = 24 * 3600 * 1000;
  let at = from;
  let left = businessDays;
  while (left > 0) {
    at = new Date(at.getTime() + day);
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}
