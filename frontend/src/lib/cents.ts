/**
 * Whole units of 10^-`decimals` of a decimal amount: text such as "-12.5", or a JSON number, which
 * is first written with `decimals` places. By its digits, never by floating-point arithmetic;
 * text beyond `decimals` places is cut.
 */
export function scaledUnits(amount: string | number, decimals: number): number {
  const text = typeof amount === 'number' ? amount.toFixed(decimals) : amount.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units =
    Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0').slice(0, decimals));
  return negative ? -units : units;
}

/**
 * Whole cents of a dollar amount already checked to have at most 2 decimals: decimal text such
 * as "12.5", or a JSON number of dollars (a balance may be below zero).
 */
export const centsOf = (amount: string | number): number => scaledUnits(amount, 2);

/**
 * A dollar amount of at least zero as plain decimal text with its cents, "1500.50" for 1500.5:
 * what an amount field shows or holds. By whole cents, never by floating-point arithmetic.
 */
export function amountText(amount: string | number): string {
  const cents = centsOf(amount);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Signed whole cents as plain decimal dollars, "-42.10" for -4210 (a CSV's money cell). */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A dollar amount as customers type it: "20000", "20,000.50", "$20,000". A leading "$" and
 * thousands separators in their places are allowed; at most 2 decimals. Plain decimal text,
 * "20000.50", for the checks and the server; null when the text is no amount ("12.345",
 * "2,00", "abc", "-5").
 */
export function plainAmount(text: string): string | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/.exec(text.trim());
  return match ? `${match[1]!.replace(/,/g, '')}${match[2] ?? ''}` : null;
}
