/**
 * Money is integer minor units (cents) everywhere inside the system. These helpers are the only
 * place where JSON numbers in dollars are turned into cents and back, by decimal text, never by
 * floating-point arithmetic.
 */
export type Cents = number;

const DOLLARS_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

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
