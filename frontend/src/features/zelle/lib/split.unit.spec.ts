import { describe, expect, it } from 'vitest';
import { splitShares, toCents } from './split';

describe('split shares', () => {
  it('divides by the number of people plus one', () => {
    expect(splitShares(9000, 2)).toEqual({ own: 3000, people: [3000, 3000] });
  });

  it('gives whole cents that add up to the total', () => {
    for (const [total, people] of [
      [10000, 2],
      [1, 3],
      [12345, 6],
      [99999, 4],
    ] as const) {
      const { own, people: shares } = splitShares(total, people);
      expect(shares).toHaveLength(people);
      expect(own + shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((s) => Number.isInteger(s))).toBe(true);
      expect(Math.max(own, ...shares) - Math.min(own, ...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('parses dollars to cents without float drift', () => {
    expect(toCents('100.10')).toBe(10010);
    expect(toCents(0.29)).toBe(29);
  });
});
