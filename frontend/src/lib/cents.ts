/**
 * Whole cents of a dollar amount already checked to have at most 2 decimals: decimal text such
 * as "12.5", or a JSON number of dollars. By its digits, never by floating-point arithmetic.
 */
export function centsOf(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * A dollar amount of at least zero as plain decimal text with its cents, "1500.50" for 1500.5:
 * what an amount field shows or holds. By whole cents, never by floating-point arithmetic.
 */
export function amountText(amount: string | number): string {
  const cents = centsOf(amount);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
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
