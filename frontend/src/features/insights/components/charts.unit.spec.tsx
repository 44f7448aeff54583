import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Insights } from '../api/get-insights';
import { formatCentsCompact } from '../lib/summary';
import { CashFlowChart } from './charts';

// A month whose refunds outweigh its spending: money out is -$19.99 that month.
const insights: Insights = {
  month: '2026-11',
  months: ['2026-09', '2026-10', '2026-11'],
  through_day: null,
  spending_by_category: [],
  cash_flow: [
    { month: '2026-09', income_cents: 0, spending_cents: 20_00 },
    { month: '2026-10', income_cents: 1_000_00, spending_cents: 134_52 },
    { month: '2026-11', income_cents: 0, spending_cents: -19_99 },
  ],
  crypto_value: [],
};

/** The chart as drawn in a 640 by 280 pixel box (jsdom lays nothing out by itself). */
async function yTicks(chart: React.ReactElement) {
  // The chart's box, and a label's size as Recharts measures it (in a span) to space the ticks.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 640, height: 280 })
      : DOMRect.fromRect({ width: 8 * (this.textContent ?? '').length, height: 14 });
  });
  const { container } = render(chart);
  const labels = () => [...container.querySelectorAll('.recharts-yAxis-tick-labels text')];
  await waitFor(() => expect(labels().length).toBeGreaterThan(0));
  return labels().map((t) => t.textContent);
}

describe('cash flow chart', () => {
  it('reaches below zero only as far as a small refund goes, labelled at zero and up', async () => {
    const ticks = await yTicks(<CashFlowChart insights={insights} />);
    // Recharts' own steps were -$350, $0, $350, $700, $1,050: a whole empty step below zero.
    expect(ticks).toEqual([0, 250_00, 500_00, 750_00, 1_000_00].map(formatCentsCompact));
  });
});
