import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd, splitCents } from './money.ts';

describe('dollarsToCents', () => {
  it('converts amounts with up to two decimals exactly', () => {
    expect(dollarsToCents(0.1)).toBe(10);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(5)).toBe(500);
    expect(dollarsToCents(1234567.89)).toBe(123456789);
    expect(dollarsToCents(0.29)).toBe(29);
  });
  it('refuses more than two decimals, negatives, NaN and infinities', () => {
    expect(dollarsToCents(1.234)).toBeUndefined();
    expect(dollarsToCents(-1)).toBeUndefined();
    expect(dollarsToCents(Number.NaN)).toBeUndefined();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(dollarsToCents(1e21)).toBeUndefined();
  });
});

describe('centsToDollars and formatUsd', () => {
  it('round-trips cents', () => {
    for (const cents of [0, 1, 10, 99, 100, 12345, -250]) {
      expect(dollarsToCents(Math.abs(centsToDollars(cents)))).toBe(Math.abs(cents));
    }
  });
  it('formats en-US', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(-5)).toBe('-$0.05');
  });
});

describe('splitCents', () => {
  it('adds up to the total', () => {
    expect(splitCents(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitCents(1, 4)).toEqual([1, 0, 0, 0]);
    const shares = splitCents(99999, 7);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(99999);
  });
});
