import type { Insights } from '../api/get-insights';
import { formatDay } from '@/lib/format';
import { formatMonth } from '@/lib/format';
import { averageName, categoryComparison, formatCents, ordinalDay } from '../lib/summary';

// The charts' figures as tables: the same numbers, for screen readers and anyone who prefers them.

/** Spending by category and month, and the average the chart sets the chosen month against. */
export function SpendingTable({ insights, openedOn }: { insights: Insights; openedOn?: string }) {
  const average = averageName(insights, openedOn);
  const averages = categoryComparison(insights, openedOn);
  return (
    <table className="insights__table">
      <caption className="sr-only">Spending by category and month</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          {insights.months.map((m) => (
            <th key={m} scope="col" className="num">
              {formatMonth(m, 'short')}
              {/* The month in progress holds only its days so far, as the average beside it. */}
              {m === insights.month && insights.through_day !== null
                ? ` (to the ${ordinalDay(insights.through_day)})`
                : null}
            </th>
          ))}
          {average ? (
            <th scope="col" className="num insights__average">
              {average}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {insights.spending_by_category.map((c, row) => (
          <tr key={c.category}>
            <th scope="row">{c.label}</th>
            {c.cents.map((cents, i) => (
              <td key={insights.months[i]} className="num tabular">
                {formatCents(cents)}
              </td>
            ))}
            {average ? (
              <td className="num tabular">{formatCents(averages[row]!.averageCents)}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CashFlowTable({ insights }: { insights: Insights }) {
  return (
    <table className="insights__table">
      <caption className="sr-only">Money in and out by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col" className="num">
            Money in
          </th>
          <th scope="col" className="num">
            Money out
          </th>
          <th scope="col" className="num">
            Difference
          </th>
        </tr>
      </thead>
      <tbody>
        {insights.cash_flow.map((m) => (
          <tr key={m.month}>
            <th scope="row">{formatMonth(m.month)}</th>
            <td className="num tabular">{formatCents(m.income_cents)}</td>
            <td className="num tabular">{formatCents(m.spending_cents)}</td>
            <td className="num tabular">{formatCents(m.income_cents - m.spending_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CryptoTable({ insights }: { insights: Insights }) {
  return (
    <table className="insights__table">
      <caption className="sr-only">Crypto portfolio value at the end of each day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="num">
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {[...insights.crypto_value].reverse().map((p) => (
          <tr key={p.day}>
            <th scope="row">{formatDay(p.day)}</th>
            <td className="num tabular">{formatCents(p.value_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
