import { addMonthsIso, bankDate } from '@bank/contracts/bank-time';
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

/** Whether any money came in or went out in the months of the answer. */
export function hasMoneyMoved(insights: Insights): boolean {
  return insights.cash_flow.some((m) => m.income_cents !== 0 || m.spending_cents !== 0);
}

/** Whether the customer held any crypto in the period. */
export function hasCrypto(insights: Insights): boolean {
  return insights.crypto_value.some((p) => p.value_cents !== 0);
}

/**
 * The months before the chosen one that the customer banked with us all through, which the
 * average is taken over: months before they joined are no months of zero spending, and the month
 * they joined is only part of one (unless they joined on its first day).
 *
 * When they joined is the earlier of two dates: `openedOn`, the bank day their first account was
 * opened ("2026-08-27"), and the month money first moved in or out. History can begin before the
 * accounts' opening (it was brought over), and the accounts may not be known. Money moving in
 * the window's first month may have moved before it too: from that month on, then.
 */
export function comparedMonths(insights: Insights, openedOn?: string): string[] {
  const starts: string[] = [];
  if (openedOn) {
    const month = openedOn.slice(0, 7);
    starts.push(openedOn.endsWith('-01') ? month : addMonthsIso(month, 1));
  }
  const firstMoved = insights.cash_flow.find(
    (m) => m.income_cents !== 0 || m.spending_cents !== 0,
  )?.month;
  if (firstMoved) {
    starts.push(firstMoved === insights.months[0] ? firstMoved : addMonthsIso(firstMoved, 1));
  }
  const start = starts.sort()[0];
  if (!start) return [];
  return insights.months.slice(0, -1).filter((m) => m >= start);
}

export type CategoryComparison = {
  category: string;
  label: string;
  /** The chosen month (so far, while it is in progress). */
  cents: number;
  /**
   * Average of the compared earlier months (see comparedMonths), whole cents; 0 without any.
   * While the chosen month is in progress, of the same days of those months.
   */
  averageCents: number;
};

/** "1st", "2nd", "23rd": a day of the month. */
export function ordinalDay(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * Each category's spending in the chosen month beside its average over the earlier months. A
 * month in progress is set against the same days of the earlier ones: on the 3rd, three days of
 * spending against whole months would always look thrifty.
 */
export function categoryComparison(insights: Insights, openedOn?: string): CategoryComparison[] {
  const last = insights.months.length - 1;
  return insights.spending_by_category.map((c) => ({
    category: c.category,
    label: c.label,
    cents: c.cents[last] ?? 0,
    averageCents: averageCents(earlierCents(insights, c.cents_through_day, openedOn)),
  }));
}

/** Of one series of `months` (cents per month), the figures of the compared earlier months. */
function earlierCents(insights: Insights, perMonth: number[], openedOn?: string): number[] {
  const compared = new Set(comparedMonths(insights, openedOn));
  return perMonth
    .slice(0, insights.months.length - 1)
    .filter((_, i) => compared.has(insights.months[i]!));
}

/**
 * The average of whole-cent figures, rounded half up to a whole cent once, in integers; 0 for
 * none. Averages are taken of totals, never added up from rounded averages: the sum of each
 * category's rounded average can be a cent or more off the average of what was spent.
 */
export function averageCents(values: number[]): number {
  if (values.length === 0) return 0;
  const sum = values.reduce((s, v) => s + v, 0);
  return Math.floor((2 * sum + values.length) / (2 * values.length));
}

/** The chosen month's spending (so far) and the average of the earlier months' (same days). */
export function spendingTotals(insights: Insights, openedOn?: string) {
  const last = insights.months.length - 1;
  const perMonth = insights.months.map((_, i) =>
    insights.spending_by_category.reduce((s, c) => s + (c.cents_through_day[i] ?? 0), 0),
  );
  return {
    cents: insights.spending_by_category.reduce((s, c) => s + (c.cents[last] ?? 0), 0),
    averageCents: averageCents(earlierCents(insights, perMonth, openedOn)),
  };
}

/** The chart's name for the average bars, or null when there is no earlier month to average. */
export function averageName(insights: Insights, openedOn?: string): string | null {
  const earlier = comparedMonths(insights, openedOn);
  if (earlier.length === 0) return null;
  const name =
    earlier.length === 1
      ? formatMonth(earlier[0]!)
      : `Average of the ${earlier.length} months before`;
  return insights.through_day === null ? name : `${name}, same days`;
}

export function spendingSummary(insights: Insights, openedOn?: string): string {
  const earlier = comparedMonths(insights, openedOn);
  const rows = categoryComparison(insights, openedOn);
  const month = formatMonth(insights.month);
  const day = insights.through_day;
  const { cents: total, averageCents: average } = spendingTotals(insights, openedOn);
  const sameDays = day === null ? '' : ' the same days of';
  if (total === 0 && average === 0) {
    const before =
      earlier.length === 0
        ? ''
        : earlier.length === 1
          ? `${sameDays} the month before it`
          : `${sameDays} the ${earlier.length} months before it`;
    return day === null
      ? `No spending in ${month}${before ? ` or${before}` : ''}.`
      : `No spending so far in ${month} (to the ${ordinalDay(day)})${before ? `, nor in${before}` : ''}.`;
  }
  const top = rows.find((r) => r.cents > 0);
  const most = top ? ` Most went to ${top.label} (${formatCents(top.cents)}).` : '';
  const spent =
    day === null
      ? `In ${month} you spent ${formatCents(total)}`
      : `So far in ${month} (to the ${ordinalDay(day)}) you spent ${formatCents(total)}`;
  if (earlier.length === 0) return `${spent}.${most}`;
  const difference = total - average;
  const than =
    difference === 0
      ? 'the same as'
      : `${formatCents(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than`;
  // One earlier month is no average: it is compared as what was spent in it.
  const compared =
    earlier.length === 1
      ? `${than} the ${formatCents(average)} you spent in${day === null ? '' : ' the same days of'} ${formatMonth(earlier[0]!)}`
      : `${than} your average of ${formatCents(average)} over${sameDays} the previous ${earlier.length} months`;
  return `${spent}, ${compared}.${most}`;
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
