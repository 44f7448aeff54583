// en-US money and date formatting (USD in en-US format).
import { BANK_TIME_ZONE, bankTimeText } from '@bank/contracts/bank-time';
import { centsOf, centsText } from './cents';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}

/** Integer cents as money text, "$3.00" for 300: by the cents' decimal digits, not by dividing. */
export function formatMoneyCents(cents: number): string {
  return formatMoney(centsText(cents));
}

/**
 * A limit as the bank states it, "$2,500": in whole dollars, with its cents only when it has some
 * ("$2,500.50"), so that it reads the same as the limits written out beside it.
 */
export function formatLimit(amount: number | string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return wholeUsd.format(0);
  return centsOf(n) % 100 === 0 ? wholeUsd.format(n) : usd.format(n);
}

/** "+$12.00" for credits, "-$12.00" for debits. */
export function formatSignedMoney(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
  return `${sign}${usd.format(Math.abs(amount))}`;
}

type DateStyle = 'instant' | 'day';

// toLocaleDateString builds a new formatter on every call, the costliest part of rendering a
// list of transactions on a phone: each style's formatter is built once, on first use.
const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();

function dateFormat(style: DateStyle): Intl.DateTimeFormat {
  let format = dateFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      // A calendar date is written as it is, in no time zone; an instant as the bank dates it.
      timeZone: style === 'day' ? 'UTC' : BANK_TIME_ZONE,
    });
    dateFormats.set(style, format);
  }
  return format;
}

/**
 * An instant (a posting, a trade, a message) as the bank dates it: its day in New York, the day
 * the history's filters and the statements count it in, wherever the customer is; with the time,
 * New York's, labelled EST or EDT so that nobody takes it for their own clock.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  withTime = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return withTime ? bankTimeText(date) : dateFormat('instant').format(date);
}

/** A calendar date (YYYY-MM-DD: a scheduled, value or end date) as "Mar 15, 2026". */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat('day').format(date);
}

/** A month (YYYY-MM: a statement's, an insights period's) as "March 2026", or "Mar 2026" short. */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(`${month.slice(0, 7)}-15T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** The top bar shows at most 20 characters of the email, then an ellipsis. */
export function truncateText(text: string, max = 20): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * The one way the app shows an account number it does not reveal: "•••• •••• 9012", the last four
 * letters or digits kept. It takes a full number as typed (spaces, dashes), an IBAN, or one the
 * bank already masked ("****9012"), so every screen shows the same form. Fewer than four left
 * shows no digits at all.
 */
export function maskAccountNumber(value: string | null | undefined): string {
  const plain = (value ?? '').replace(/[^0-9A-Za-z]/g, '');
  if (plain.length < 4) return '••••';
  return `•••• •••• ${plain.slice(-4)}`;
}

/** 123456789012 → "1234 5678 9012". */
export function groupDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "Alex Morgan" → "AM": the avatar shown where a person has no photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => [...p][0]!.toUpperCase())
    .join('');
}

/**
 * A US phone number kept as its digits, as people write it: "2075550142" → "(207) 555-0142", with
 * "+1 " before an 11-digit number's area code. Anything else is shown as it is.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = value ?? '';
  const digits = text.replace(/\D/g, '');
  const us = /^1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!us || digits.length !== text.replace(/[\s().+-]/g, '').length) return text;
  return `${digits.length === 11 ? '+1 ' : ''}(${us[1]}) ${us[2]}-${us[3]}`;
}

export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
