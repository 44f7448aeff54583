import { bankDate } from '@bank/events';
import { isBusinessDay } from '@bank/contracts/wire-arrival';

// The bank's clock and business days have their home beside the wire arrival the screens show.
export { bankClockMinutes, isBusinessDay } from '@bank/contracts/wire-arrival';
export { bankDate };

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
