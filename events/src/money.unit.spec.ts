import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatUsd,
  readDollars,
  splitCents,
  TOO_LARGE,
} from './money.ts';

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

describe('readDollars', () => {
  it('reads numbers and decimal text as cents, as dollarsToCents does', () => {
    expect(readDollars(19.99)).toBe(1999);
    expect(readDollars(' 19.9 ')).toBe(1990);
    expect(readDollars('0005')).toBe(500);
    expect(readDollars(9_999_999_999_999.99)).toBe(999_999_999_999_999);
    expect(readDollars('9999999999999.99')).toBe(999_999_999_999_999);
  });

  it('tells a well-written amount larger than any the bank takes from no amount at all', () => {
    // Past 13 whole digits, and past Number.MAX_SAFE_INTEGER cents: never rounded into cents.
    for (const huge of [1e13, 1e15, 1e21, 1.5e300, Number.MAX_SAFE_INTEGER, 12_345_678_901_234.5]) {
      expect(readDollars(huge), String(huge)).toBe(TOO_LARGE);
    }
    for (const huge of ['10000000000000', '1000000000000000', `${'9'.repeat(40)}.99`]) {
      expect(readDollars(huge), huge).toBe(TOO_LARGE);
    }
    for (const junk of ['1e', '1e15', 'NaN', 'Infinity', '--5', '-5', '0x10', '1.234', '', '.']) {
      expect(readDollars(junk), junk).toBeUndefined();
    }
    for (const junk of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.234, 0x10 + 0.001]) {
      expect(readDollars(junk), String(junk)).toBeUndefined();
    }
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
