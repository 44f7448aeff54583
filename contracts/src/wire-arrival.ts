/**
 * When a domestic wire arrives: the one computation behind the wire page's review and summary
 * (before the customer sends, as a wire cannot be taken back) and the bank's answer once it is
 * sent. On the bank's New York day and its bank holidays, whatever the customer's time zone. No
 * zod here, so a screen can load it on its own.
 */
import { isBankHoliday } from './bank-holidays.ts';
import { addDaysIso, bankDate, lazyBankFormat } from './bank-time.ts';

/** Domestic wires sent at or after this time (New York) go out on the next business day. */
export const DOMESTIC_WIRE_CUTOFF = { minutes: 16 * 60, text: '4:00 PM ET' } as const;

const clockFormat = lazyBankFormat({ hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });

/** Minutes past midnight on the bank's clock (New York time) at `at`. */
export function bankClockMinutes(at: Date): number {
  const parts = clockFormat().formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

/** Whether the payment networks run on a bank date (YYYY-MM-DD): not a weekend or bank holiday. */
export function isBusinessDate(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(date);
}

/** Whether the payment networks run on the bank's day at `at`. */
export const isBusinessDay = (at: Date): boolean => isBusinessDate(bankDate(at));

/** Whether a domestic wire sent at `now` goes out the same day. */
export function wireGoesOutToday(now: Date): boolean {
  return isBusinessDay(now) && bankClockMinutes(now) < DOMESTIC_WIRE_CUTOFF.minutes;
}

/** The bank date (YYYY-MM-DD) a wire arrives on, and whether that is the day it was sent. */
export type WireArrival = { date: string; today: boolean };

/** When a domestic wire sent at `now` arrives: today, or the next business day. */
export function domesticWireArrival(now: Date): WireArrival {
  const today = bankDate(now);
  if (wireGoesOutToday(now)) return { date: today, today: true };
  let date = addDaysIso(today, 1);
  while (!isBusinessDate(date)) date = addDaysIso(date, 1);
  return { date, today: false };
}

// The date is already the bank's: noon UTC of it names the same day in UTC.
const dayFormat = lazyBankFormat({
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** A bank date as the wire messages name it: "Monday, December 7". */
export function arrivalDayText(date: string): string {
  return dayFormat().format(new Date(`${date}T12:00:00Z`));
}

const CLOSED = `after the ${DOMESTIC_WIRE_CUTOFF.text} cut-off, or on a day banks are closed`;

/** The arrival as the review and the summary show it, before and after sending. */
export function wireArrivalText({ date, today }: WireArrival): string {
  const day = arrivalDayText(date);
  return today
    ? `Arrives today, ${day.slice(day.indexOf(', ') + 2)}`
    : `Arrives ${day} (sent ${CLOSED})`;
}

/** The bank's answer to a domestic wire it accepted that arrives the same day. */
export const WIRE_SENT_TODAY = 'Wire transfer sent. It will arrive today.';

/** The bank's answer to a domestic wire it accepted. */
export function wireSentMessage({ date, today }: WireArrival): string {
  return today
    ? WIRE_SENT_TODAY
    : `Wire transfer sent. It will arrive on ${arrivalDayText(date)} (${CLOSED}).`;
}
