import { describe, expect, it } from 'vitest';
import { formatMonthlyFee, formatYield } from './account-terms';

const named = (name: string) => ({ name, interest_rate: null, monthly_fee: null });

describe('account rates and fees', () => {
  it('shows the APY that goes with the account name', () => {
    expect(formatYield(named('Premium Checking'))).toBe('1.25% APY');
    expect(formatYield(named('High Yield Savings'))).toBe('2.50% APY');
    expect(formatYield(named('Investment Account'))).toBe('8.00% APY');
    expect(formatYield(named('Money Market'))).toBe('2.00% APY');
    expect(formatYield(named('12-Month CD'))).toBe('3.50% APY');
    expect(formatYield(named('Everyday Checking'))).toBe('0.50% APY');
  });

  it('reads a server rate above 1 as a percentage and one below as a fraction', () => {
    expect(formatYield({ name: 'Savings', interest_rate: 4.25 })).toBe('4.25% APY');
    expect(formatYield({ name: 'Savings', interest_rate: 0.0425 })).toBe('4.25% APY');
  });

  it('charges $25 for investment, $10 for money market and shows FREE otherwise', () => {
    expect(formatMonthlyFee(named('Investment Account'))).toBe('$25.00/month');
    expect(formatMonthlyFee(named('Money Market'))).toBe('$10.00/month');
    expect(formatMonthlyFee(named('Premium Checking'))).toBe('FREE');
    expect(formatMonthlyFee({ name: 'Business Money Market', monthly_fee: 15 })).toBe(
      '$15.00/month',
    );
    expect(formatMonthlyFee({ name: 'Investment', monthly_fee: 0 })).toBe('FREE');
  });
});
