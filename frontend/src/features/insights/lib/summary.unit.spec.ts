import { describe, expect, it } from 'vitest';
import type { Insights } from '../api/get-insights';
import {
  cashFlowSummary,
  categoryComparison,
  cryptoSummary,
  formatCents,
  recentMonths,
  spendingSummary,
} from './summary';

const insights: Insights = {
  month: '2026-11',
  months: ['2026-09', '2026-10', '2026-11'],
  spending_by_category: [
    { category: 'groceries', label: 'Groceries', cents: [100_00, 300_00, 250_00] },
    { category: 'dining', label: 'Dining', cents: [50_01, 0, 20_00] },
  ],
  cash_flow: [
    { month: '2026-09', income_cents: 1_000_00, spending_cents: 150_01 },
    { month: '2026-10', income_cents: 1_000_00, spending_cents: 300_00 },
    { month: '2026-11', income_cents: 0, spending_cents: 270_00 },
  ],
  crypto_value: [
    { day: '2026-11-01', value_cents: 500_00 },
    { day: '2026-11-02', value_cents: 450_50 },
  ],
};

describe('insights figures', () => {
  it('compares the chosen month with the average of the earlier ones, in whole cents', () => {
    expect(categoryComparison(insights)).toEqual([
      { category: 'groceries', label: 'Groceries', cents: 250_00, averageCents: 200_00 },
      { category: 'dining', label: 'Dining', cents: 20_00, averageCents: 25_01 },
    ]);
  });

  it('says it in words', () => {
    expect(spendingSummary(insights)).toBe(
      'In November 2026 you spent $270.00, $44.99 more than your average of $225.01 over the previous 2 months. Most went to Groceries ($250.00).',
    );
    expect(cashFlowSummary(insights)).toBe(
      'From September 2026 to November 2026 $2,000.00 came in and $720.01 went out: $1,279.99 more came in than went out.',
    );
    expect(cryptoSummary(insights)).toBe(
      'Your crypto was worth $450.50 on Nov 2, 2026, down $49.50 from Nov 1, 2026.',
    );
    expect(cryptoSummary({ ...insights, crypto_value: [] })).toBe(
      'You held no crypto in this period.',
    );
  });

  it('formats cents and months', () => {
    expect(formatCents(-1_234_56)).toBe('-$1,234.56');
    // 03:00 UTC on December 1st is still November in New York.
    expect(recentMonths(3, new Date('2026-12-01T03:00:00Z'))).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
    ]);
  });
});
