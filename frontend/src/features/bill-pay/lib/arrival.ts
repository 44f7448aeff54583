import { formatDay } from '@/lib/format';

/**
 * When the payee gets a bill payment: it is sent electronically on its payment date, the day it
 * leaves the customer's account, and a recurring one on each of its dates.
 */
export function arrivalLine(payee: string, date: string, today: string, recurring = false): string {
  const each = recurring ? ' Each later payment arrives on its own date.' : '';
  if (date === today) {
    return `${payee} receives it today, electronically: the money leaves your account now.${each}`;
  }
  return `${payee} receives it on ${formatDay(date)}, electronically: the money leaves your account that day.${each}`;
}
