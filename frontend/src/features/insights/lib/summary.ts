import { bankDate } from '@bank/contracts/bank-time';
import { formatDay, formatMonth } from '@/lib/format';
import type { Insights } from '../api/get-insights';

// Figures and sentences of the insights page, from integer cents; formatted only here.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$1,234.56" from cents (negative amounts too). */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "$1.2K": axis labels. */
export function formatCentsCompact(cents: number): string {
  return compactUsd.format(cents / 100);
}

/** This month in the bank's time zone ("2026-11"), and the `count` months up to it, newest first. */
export function recentMonths(count: number, now = new Date()): string[] {
  const [year, month] = bankDate(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export type CategoryComparison = {
  category: string;
  label: string;
  /** The chosen month. */
  cents: number;
  /** Average of the earlier months, whole cents. */
  averageCents: number;
};

/** Each category's spending in the chosen month beside its average over the earlier months. */
export function categoryComparison(insights: Insights): CategoryComparison[] {
  const last = insights.months.length - 1;
  return insights.spending_by_category.map((c) => {
    const earlier = c.cents.slice(0, last);
    const sum = earlier.reduce((s, v) => s + v, 0);
    return {
      category: c.category,
      label: c.label,
      cents: c.cents[last] ?? 0,
      averageCents: earlier.length ? Math.round(sum / earlier.length) : 0,
    };
  });
}

export function spendingSummary(insights: Insights): string {
  const rows = categoryComparison(insights);
  const month = formatMonth(insights.month);
  const total = rows.reduce((s, r) => s + r.cents, 0);
  const average = rows.reduce((s, r) => s + r.averageCents, 0);
  const earlier = insights.months.length - 1;
  if (total === 0 && average === 0) {
    return `No spending in ${month} or the ${earlier} months before it.`;
  }
  const top = rows.find((r) => r.cents > 0);
  const difference = total - average;
  const compared =
    difference === 0
      ? `the same as your average of ${formatCents(average)}`
      : `${formatCents(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than your average of ${formatCents(average)}`;
  return (
    `In ${month} you spent ${formatCents(total)}, ${compared} over the previous ${earlier} months.` +
    (top ? ` Most went to ${top.label} (${formatCents(top.cents)}).` : '')
  );
}

export function cashFlowSummary(insights: Insights): string {
  const income = insights.cash_flow.reduce((s, m) => s + m.income_cents, 0);
  const spending = insights.cash_flow.reduce((s, m) => s + m.spending_cents, 0);
  const first = formatMonth(insights.months[0]!);
  const last = formatMonth(insights.month);
  const net = income - spending;
  return (
    `From ${first} to ${last} ${formatCents(income)} came in and ${formatCents(spending)} went out: ` +
    (net === 0
      ? 'they balance.'
      : `${formatCents(Math.abs(net))} ${net > 0 ? 'more came in than went out' : 'more went out than came in'}.`)
  );
}

export function cryptoSummary(insights: Insights): string {
  const points = insights.crypto_value;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.every((p) => p.value_cents === 0)) {
    return 'You held no crypto in this period.';
  }
  const change = last.value_cents - first.value_cents;
  return (
    `Your crypto was worth ${formatCents(last.value_cents)} on ${formatDay(last.day)}, ` +
    (change === 0
      ? `the same as on ${formatDay(first.day)}.`
      : `${change > 0 ? 'up' : 'down'} ${formatCents(Math.abs(change))} from ${formatDay(first.day)}.`)
  );
}
