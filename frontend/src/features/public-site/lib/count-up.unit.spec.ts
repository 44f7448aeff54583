import { describe, expect, it } from 'vitest';
import { countUpValue } from './count-up';

describe('count-up figures', () => {
  it('starts at zero and lands exactly on the figure after two seconds', () => {
    expect(countUpValue(50000, 0)).toBe(0);
    expect(countUpValue(50000, 2000)).toBe(50000);
    expect(countUpValue(99.9, 5000, 2000, 1)).toBe(99.9);
  });

  it('rises steadily in between', () => {
    const a = countUpValue(25, 500);
    const b = countUpValue(25, 1500);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    expect(b).toBeLessThanOrEqual(25);
  });
});
