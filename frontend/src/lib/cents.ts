/**
 * Whole cents of a dollar amount already checked to have at most 2 decimals: decimal text such
 * as "12.5", or a JSON number of dollars. By its digits, never by floating-point arithmetic.
 */
export function centsOf(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
