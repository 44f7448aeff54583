/**
 * The PostgreSQL array literal node-postgres would send for an array parameter, byte for byte,
 * built in one join; undefined where node-postgres's own conversion is needed (an element that
 * is not a string or a finite number, or a string that needs escaping). node-postgres builds the
 * literal element by element, a string concatenation and two regular-expression replaces each:
 * a group commit's arrays of ids, hashes and times were 1.5% of the bank's main thread and 5% of
 * what it allocated.
 */
export function arrayParameterText(items: readonly unknown[]): string | undefined {
  if (items.length === 0) return '{}';
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.includes('"') || item.includes('\\')) return undefined;
    } else if (typeof item !== 'number' || !Number.isFinite(item)) {
      return undefined;
    }
  }
  return `{"${items.join('","')}"}`;
}

/** Query values with each array that arrayParameterText can write as its literal text. */
export const withArrayTexts = (values: readonly unknown[]): unknown[] =>
  values.map((value) => (Array.isArray(value) ? (arrayParameterText(value) ?? value) : value));
