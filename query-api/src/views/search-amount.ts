/** The movements, in cents (whatever their direction), an amount typed into the search names. */
export interface CentsRange {
  min: number;
  max: number;
}

// Digits with an optional "$", thousands grouped by commas or not, and up to 2 decimals.
const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{0,2}))?$/;

/**
 * An amount-like search term as the movements it names, or undefined for any other text: with
 * decimals the exact cents ("62.75", "$15.49", "62.7" is $62.70), without them the whole dollar
 * ("62" is $62.00 to $62.99). Read from the text's digits in integers, never through a float.
 */
export function amountSearch(term: string): CentsRange | undefined {
  const m = AMOUNT.exec(term.trim());
  if (!m) return undefined;
  const dollars = Number(m[1]!.replaceAll(',', ''));
  const decimals = m[2];
  if (decimals === undefined || decimals === '') {
    return { min: dollars * 100, max: dollars * 100 + 99 };
  }
  const cents = dollars * 100 + Number(decimals.padEnd(2, '0'));
  return { min: cents, max: cents };
}
