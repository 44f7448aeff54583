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
