import { describe, expect, it } from 'vitest';
import type { Insights } from '../api/get-insights';
import {
  averageCents,
  averageName,
  cashFlowSummary,
  categoryComparison,
  comparedMonths,
  cryptoSummary,
  formatCents,
  ordinalDay,
  recentMonths,
  spendingSummary,
} from './summary';

const insights: Insights = {
  month: '2026-11',
  months: ['2026-09', '2026-10', '2026-11'],
  through_day: null,
  spending_by_category: [
    {
      category: 'groceries',
      label: 'Groceries',
      cents: [100_00, 300_00, 250_00],
      cents_through_day: [100_00, 300_00, 250_00],
    },
    {
      category: 'dining',
      label: 'Dining',
      cents: [50_01, 0, 20_00],
      cents_through_day: [50_01, 0, 20_00],
    },
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

  // A customer since late August (opening deposits, no spending), looking at November with the
  // five months before it.
  const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
  const spent = (cents: number[]) => [
    { category: 'bills', label: 'Bills & payments', cents, cents_through_day: cents },
  ];
  const sinceAugust: Insights = {
    ...insights,
    months,
    spending_by_category: spent([0, 0, 0, 2_369_19, 2_383_01, 2_288_62]),
    cash_flow: months.map((month, i) => ({
      month,
      income_cents: month === '2026-08' ? 24_750_00 : 0,
      spending_cents: [0, 0, 0, 2_369_19, 2_383_01, 2_288_62][i]!,
    })),
  };

  it('averages only the full months the customer banked with us, not the months before', () => {
    // June and July were before them, August only partly theirs.
    expect(comparedMonths(sinceAugust)).toEqual(['2026-09', '2026-10']);
    expect(categoryComparison(sinceAugust)[0]!.averageCents).toBe(2_376_10);
    expect(spendingSummary(sinceAugust)).toBe(
      'In November 2026 you spent $2,288.62, $87.48 less than your average of $2,376.10 over the previous 2 months. Most went to Bills & payments ($2,288.62).',
    );
    expect(averageName(sinceAugust)).toBe('Average of the 2 months before');
    // Opened on the 27th: the same; on the 1st of July: July and August were theirs, at $0.
    expect(comparedMonths(sinceAugust, '2026-08-27')).toHaveLength(2);
    expect(comparedMonths(sinceAugust, '2026-07-01')).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(comparedMonths(sinceAugust, '2026-07-15')).toHaveLength(3);
    // History brought over from before the accounts' opening counts from the money.
    expect(comparedMonths(sinceAugust, '2026-11-30')).toHaveLength(2);
    // Money already moving in the window's first month: all five.
    const longStanding = {
      ...sinceAugust,
      cash_flow: sinceAugust.cash_flow.map((m) => ({ ...m, income_cents: 1_00 })),
    };
    expect(comparedMonths(longStanding)).toHaveLength(5);
  });

  it('compares with the one earlier month by name, and with none makes no comparison', () => {
    const sinceSeptember = {
      ...sinceAugust,
      cash_flow: sinceAugust.cash_flow.map((m) =>
        m.month === '2026-09' ? { ...m, income_cents: 1_000_00 } : { ...m, income_cents: 0 },
      ),
    };
    expect(spendingSummary(sinceSeptember)).toBe(
      'In November 2026 you spent $2,288.62, $94.39 less than the $2,383.01 you spent in October 2026. Most went to Bills & payments ($2,288.62).',
    );
    expect(averageName(sinceSeptember)).toBe('October 2026');

    const sinceOctober = {
      ...sinceSeptember,
      spending_by_category: spent([0, 0, 0, 0, 300_00, 250_00]),
      cash_flow: months.map((month) => ({
        month,
        income_cents: 0,
        spending_cents: month >= '2026-10' ? 1_00 : 0,
      })),
    };
    expect(spendingSummary(sinceOctober)).toBe(
      'In November 2026 you spent $250.00. Most went to Bills & payments ($250.00).',
    );
    expect(averageName(sinceOctober)).toBeNull();
    expect(categoryComparison(sinceOctober)[0]!.averageCents).toBe(0);
    expect(spendingSummary({ ...sinceOctober, spending_by_category: [] })).toBe(
      'No spending in November 2026.',
    );
  });

  // On December 3rd: three days of December against the first three days of each earlier month.
  const december = ['2026-09', '2026-10', '2026-11', '2026-12'];
  const soFar: Insights = {
    ...insights,
    month: '2026-12',
    months: december,
    through_day: 3,
    spending_by_category: [
      {
        category: 'dining',
        label: 'Dining',
        cents: [400_00, 500_00, 600_00, 45_00],
        cents_through_day: [40_00, 50_00, 61_00, 45_00],
      },
    ],
    cash_flow: december.map((month) => ({ month, income_cents: 1_00, spending_cents: 0 })),
  };

  it('sets a month in progress against the same days of the earlier months, not whole months', () => {
    expect(categoryComparison(soFar)).toEqual([
      { category: 'dining', label: 'Dining', cents: 45_00, averageCents: 50_33 },
    ]);
    expect(spendingSummary(soFar)).toBe(
      'So far in December 2026 (to the 3rd) you spent $45.00, $5.33 less than your average of $50.33 over the same days of the previous 3 months. Most went to Dining ($45.00).',
    );
    expect(averageName(soFar)).toBe('Average of the 3 months before, same days');
    // One earlier month, by name.
    const sinceNovember = {
      ...soFar,
      cash_flow: soFar.cash_flow.map((m, i) => (i < 1 ? { ...m, income_cents: 0 } : m)),
    };
    expect(comparedMonths(sinceNovember)).toEqual(['2026-11']);
    expect(spendingSummary(sinceNovember)).toBe(
      'So far in December 2026 (to the 3rd) you spent $45.00, $16.00 less than the $61.00 you spent in the same days of November 2026. Most went to Dining ($45.00).',
    );
    expect(averageName(sinceNovember)).toBe('November 2026, same days');
    expect(spendingSummary({ ...soFar, through_day: 1, spending_by_category: [] })).toBe(
      'No spending so far in December 2026 (to the 1st), nor in the same days of the 3 months before it.',
    );
  });

  it('averages the total spent, rounding once, not the sum of rounded category averages', () => {
    // Each category's average is $x.xx5, rounded up twice; the months' totals average $30.00.
    const spent = (category: string, label: string, cents: number[]) => ({
      category,
      label,
      cents,
      cents_through_day: cents,
    });
    const halves: Insights = {
      ...insights,
      spending_by_category: [
        spent('groceries', 'Groceries', [10_01, 10_00, 0]),
        spent('dining', 'Dining', [20_00, 19_99, 0]),
      ],
    };
    expect(categoryComparison(halves).map((c) => c.averageCents)).toEqual([10_01, 20_00]);
    expect(spendingSummary(halves)).toBe(
      'In November 2026 you spent $0.00, $30.00 less than your average of $30.00 over the previous 2 months.',
    );
  });

  it('rounds an average half up, in whole cents', () => {
    expect(averageCents([])).toBe(0);
    expect(averageCents([1, 2])).toBe(2);
    expect(averageCents([181_207, 171_359])).toBe(176_283);
    expect(averageCents([1, 1, 2])).toBe(1);
    expect(averageCents([1, 2, 2])).toBe(2);
  });

  it('names days of the month as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30, 31].map(ordinalDay)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '30th',
      '31st',
    ]);
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
