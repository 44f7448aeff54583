/**
 * Money is integer minor units (cents) everywhere inside the system. These helpers are the only
 * place where JSON numbers in dollars are turned into cents and back, by decimal text, never by
 * floating-point arithmetic.
 */
export type Cents = number;

const DOLLARS_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
/** More whole digits than any amount the bank moves (9,999,999,999,999.99 at most). */
const WHOLE_DIGITS_MAX = 13;

/** An amount well written but larger than any the bank takes: a limit refuses it, not its form. */
export const TOO_LARGE = 'too_large';

/**
 * Reads dollars, a JSON number or decimal text (digits, at most 2 decimals), as cents. An amount
 * that is a number but has more whole digits than any amount the bank takes answers TOO_LARGE,
 * so a limit's message can refuse it; it is never turned into cents, where past
 * Number.MAX_SAFE_INTEGER a float would round it. Anything else that is not dollars with at most
 * 2 decimals (negatives, NaN, infinities, exponents or hex in text) answers undefined.
 */
export function readDollars(value: number | string): Cents | typeof TOO_LARGE | undefined {
  if (typeof value === 'string') {
    const text = /^0*(\d+)(\.\d{1,2})?$/.exec(value.trim());
    if (!text) return undefined;
    return text[1]!.length > WHOLE_DIGITS_MAX ? TOO_LARGE : dollarsToCents(Number(text[0]));
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return value >= 10 ** WHOLE_DIGITS_MAX ? TOO_LARGE : dollarsToCents(value);
}

/** Parses a JSON number with at most 2 decimals into cents; undefined when it is not one. */
export function dollarsToCents(value: number): Cents | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Turns cents into a JSON number of dollars (exact to 2 decimals when rendered). */
export function centsToDollars(cents: Cents): number {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return Number(negative ? `-${text}` : text);
}

/** en-US currency text, e.g. "$1,234.50". */
export function formatUsd(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${negative ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Splits a total into `parts` shares whose sum is exactly the total (first shares get the extra cent). */
export function splitCents(total: Cents, parts: number): Cents[] {
  if (!Number.isInteger(parts) || parts < 1) throw new Error('parts must be a positive integer');
  const base = Math.trunc(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}
