import { describe, expect, it } from 'vitest';
import { amountSearch } from './search-amount.ts';

describe('an amount typed into the search', () => {
  it('names the exact cents when it has decimals', () => {
    expect(amountSearch('62.75')).toEqual({ min: 6275, max: 6275 });
    expect(amountSearch('$15.49')).toEqual({ min: 1549, max: 1549 });
    expect(amountSearch('62.7')).toEqual({ min: 6270, max: 6270 });
    expect(amountSearch('$1,650.00')).toEqual({ min: 165_000, max: 165_000 });
    expect(amountSearch(' 0.29 ')).toEqual({ min: 29, max: 29 });
  });

  it('names the whole dollar when it has none', () => {
    expect(amountSearch('62')).toEqual({ min: 6200, max: 6299 });
    expect(amountSearch('$1,650')).toEqual({ min: 165_000, max: 165_099 });
    expect(amountSearch('1650.')).toEqual({ min: 165_000, max: 165_099 });
  });

  it('is no amount otherwise', () => {
    for (const text of [
      'rent',
      '62.755',
      '1,65',
      '$',
      '62 75',
      'TXN-62',
      '-62',
      '1e3',
      '12,3456',
    ]) {
      expect(amountSearch(text)).toBeUndefined();
    }
  });

  it('reads large amounts in exact integers', () => {
    expect(amountSearch('999999999999.99')).toEqual({
      min: 99_999_999_999_999,
      max: 99_999_999_999_999,
    });
  });
});
