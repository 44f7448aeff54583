import { describe, expect, it } from 'vitest';
import type { ZelleLimits } from './get-zelle-limits';
import { sendLimitProblem } from './send-money';

const limits = (dailyRemaining: number, monthlyRemaining = 20_000): ZelleLimits => ({
  daily: { limit: 2500, used: 2500 - dailyRemaining, remaining: dailyRemaining },
  monthly: { limit: 20_000, used: 20_000 - monthlyRemaining, remaining: monthlyRemaining },
  daily_receive: { limit: 5000, used: 0, remaining: 5000 },
  per_transaction: { min: 0.01, max: 5000 },
  time_zone: 'America/New_York',
  business_date: '2026-11-28',
});

describe('sendLimitProblem', () => {
  it('stops a send over what is left today, before it is confirmed', () => {
    expect(sendLimitProblem('3000', limits(2460))).toBe(
      'This is more than the $2,460.00 you can still send today (limit $2,500.00).',
    );
    expect(sendLimitProblem('2460.01', limits(2460))).not.toBeNull();
  });

  it('lets an amount up to the cent of what is left through', () => {
    expect(sendLimitProblem('2460', limits(2460))).toBeNull();
    expect(sendLimitProblem('0.30', limits(0.3))).toBeNull();
    expect(sendLimitProblem('19.99', limits(19.99))).toBeNull();
  });

  it("checks this month's limit too, and says nothing while the limits are unknown", () => {
    expect(sendLimitProblem('100', limits(2500, 50))).toBe(
      'This is more than the $50.00 you can still send this month (limit $20,000.00).',
    );
    expect(sendLimitProblem('100', undefined)).toBeNull();
  });
});
