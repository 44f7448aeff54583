import type { InsightsView } from '@bank/contracts';
import { categoryLabel, isTransactionCategory } from '@bank/events';
import { cryptoValueByDay, moneyByMonth, type Db } from '@bank/projections';

/** `count` months ('YYYY-MM') ending with `month`, oldest first. */
export function monthsEndingAt(month: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonth(month, i - (count - 1)));
}

function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The customer's spending by category and money in and out per month, over `count` months
 * ending with `month` (bank time), and the crypto portfolio's value at the end of each day. Money
 * moved between the customer's own accounts is neither income nor spending; a refunded purchase
 * takes its amount off its category's spending. While `month` is in
 * progress, each month's spending is also summed up to today's day of the month, so that a month
 * begun is compared with the same days of the months before it, not with whole months.
 */
export async function readInsights(
  db: Db,
  customerId: string,
  month: string,
  count: number,
  today: string,
): Promise<InsightsView> {
  const months = monthsEndingAt(month, count);
  const from = `${months[0]}-01`;
  const until = `${shiftMonth(month, 1)}-01`;
  const throughDay = today.startsWith(`${month}-`) ? Number(today.slice(8, 10)) : null;
  const [money, crypto] = await Promise.all([
    moneyByMonth(db, customerId, from, until, throughDay ?? 31),
    cryptoValueByDay(db, customerId, from, lastDay(until, today)),
  ]);
  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const byCategory = new Map<string, { cents: number[]; cents_through_day: number[] }>();
  const cashFlow = months.map((m) => ({ month: m, income_cents: 0, spending_cents: 0 }));
  for (const row of money) {
    const i = monthIndex.get(row.month);
    if (i === undefined) continue;
    if (row.direction === 'credit' && !row.refund) {
      cashFlow[i]!.income_cents += Number(row.cents);
      continue;
    }
    // A refunded purchase is spending given back, in the month the refund came.
    const sign = row.refund ? -1 : 1;
    const cents = sign * Number(row.cents);
    cashFlow[i]!.spending_cents += cents;
    const category = isTransactionCategory(row.category) ? row.category : 'other';
    const perMonth = byCategory.get(category) ?? {
      cents: months.map(() => 0),
      cents_through_day: months.map(() => 0),
    };
    perMonth.cents[i]! += cents;
    perMonth.cents_through_day[i]! += sign * Number(row.cents_through_day);
    byCategory.set(category, perMonth);
  }
  const last = months.length - 1;
  const spending = [...byCategory.entries()]
    .map(([category, perMonth]) => ({
      category,
      label: isTransactionCategory(category) ? categoryLabel(category) : category,
      ...perMonth,
    }))
    // The chosen month's largest first; then the earlier months' largest.
    .sort(
      (a, b) =>
        b.cents[last]! - a.cents[last]! ||
        b.cents.reduce((s, c) => s + c, 0) - a.cents.reduce((s, c) => s + c, 0) ||
        a.label.localeCompare(b.label),
    );
  return {
    month,
    months,
    through_day: throughDay,
    spending_by_category: spending,
    cash_flow: cashFlow,
    crypto_value: crypto.map((r) => ({ day: r.day, value_cents: Number(r.value_cents) })),
  };
}

/** The last day the portfolio line reaches: the end of the window, or today if sooner. */
function lastDay(until: string, today: string): string {
  const end = new Date(`${until}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  const endDay = end.toISOString().slice(0, 10);
  return endDay < today ? endDay : today;
}
