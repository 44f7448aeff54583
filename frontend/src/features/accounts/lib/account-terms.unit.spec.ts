import { describe, expect, it } from 'vitest';
import { formatMonthlyFee, formatYield } from './account-terms';

describe('account rates and fees', () => {
  it('shows the server rate (% APY) with two decimals', () => {
    expect(formatYield({ interest_rate: 1.25 })).toBe('1.25% APY');
    expect(formatYield({ interest_rate: 8 })).toBe('8.00% APY');
    expect(formatYield({ interest_rate: 0.5 })).toBe('0.50% APY');
  });

  it('shows a monthly fee, or FREE when there is none', () => {
    expect(formatMonthlyFee({ monthly_fee: 25 })).toBe('$25.00/month');
    expect(formatMonthlyFee({ monthly_fee: 10 })).toBe('$10.00/month');
    expect(formatMonthlyFee({ monthly_fee: 0 })).toBe('FREE');
  });
});
