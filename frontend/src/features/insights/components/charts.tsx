import { useEffect, useRef, type ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay } from '@/lib/format';
import type { Insights } from '../api/get-insights';
import { formatMonth } from '@/lib/format';
import { moneyAxis } from '../lib/axis';
import { averageName, categoryComparison, formatCents, formatCentsCompact } from '../lib/summary';

// The charts, drawn with Recharts. This module is loaded on demand (its own chunk): no other
// page pays for the chart library. Recharts' accessibility layer makes each chart one tab stop
// whose arrow keys move from data point to data point, announcing each in the tooltip (ChartFrame
// keeps the layers inside it out of the Tab order).

const COLORS = {
  primary: 'var(--brand-600)',
  secondary: 'var(--gold-500)',
  credit: 'var(--color-credit)',
  debit: 'var(--color-debit)',
};

const money = (value: unknown) => formatCents(Number(value));

// Series names and figures in the text colour: the series colours are for bars, not for words.
const tooltipProps = {
  formatter: money,
  itemStyle: { color: 'var(--color-text)' },
  labelStyle: { color: 'var(--color-heading)' },
  contentStyle: { background: 'var(--color-surface)', borderColor: 'var(--color-border-strong)' },
};
/**
 * Holds one chart. Recharts draws a chart in layers (`<g class="recharts-zIndex-layer_N">`) that it
 * mounts React portals into, and Chromium puts those layers in the Tab order after the chart: up
 * to five more stops a chart, one of them empty and out of sight, where the customer sees no
 * focus. The arrow keys on the chart already step through its figures, so each layer is taken
 * out of the Tab order as it appears.
 */
function ChartFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const untab = () => {
      for (const layer of root.querySelectorAll(
        'g[class^="recharts-zIndex-layer"]:not([tabindex])',
      ))
        layer.setAttribute('tabindex', '-1');
    };
    untab();
    const watch = new MutationObserver(untab);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return <div ref={frame}>{children}</div>;
}

const legendText = (value: unknown) => <span className="insights__legend">{String(value)}</span>;
const axisMoney = (value: unknown) => formatCentsCompact(Number(value));

export function SpendingChart({
  insights,
  openedOn,
}: {
  insights: Insights;
  /** The bank day the customer's first account was opened ("2026-08-27"), when known. */
  openedOn?: string;
}) {
  const average = averageName(insights, openedOn);
  const data = categoryComparison(insights, openedOn).map((c) => ({
    label: c.label,
    month: c.cents,
    average: c.averageCents,
  }));
  // Refunds are netted against their category's spending (as the summary and the table count
  // them); a category whose refunds outweigh its spending is drawn below zero, on an axis that
  // reaches only as far as that bar, not Recharts' whole steps of empty negative money.
  const axis = moneyAxis(data.flatMap((d) => (average ? [d.month, d.average] : [d.month])));
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={Math.max(220, 44 * data.length + 80)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" domain={axis.domain} ticks={axis.ticks} tickFormatter={axisMoney} />
          {axis.domain[0] < 0 ? <ReferenceLine x={0} stroke="var(--color-border-strong)" /> : null}
          <YAxis type="category" dataKey="label" width={120} />
          <Tooltip {...tooltipProps} />
          <Legend formatter={legendText} />
          <Bar dataKey="month" name={formatMonth(insights.month)} fill={COLORS.primary} />
          {average ? <Bar dataKey="average" name={average} fill={COLORS.secondary} /> : null}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function CashFlowChart({ insights }: { insights: Insights }) {
  const data = insights.cash_flow.map((m) => ({
    label: formatMonth(m.month, 'short'),
    income: m.income_cents,
    spending: m.spending_cents,
  }));
  // A month whose refunds outweigh its spending has money out below zero: the axis reaches only
  // as far as that bar, as the spending chart's does.
  const axis = moneyAxis(data.flatMap((d) => [d.income, d.spending]));
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ left: 8, right: 16 }} accessibilityLayer>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis domain={axis.domain} ticks={axis.ticks} tickFormatter={axisMoney} width={64} />
          {axis.domain[0] < 0 ? <ReferenceLine y={0} stroke="var(--color-border-strong)" /> : null}
          <Tooltip {...tooltipProps} />
          <Legend formatter={legendText} />
          <Bar dataKey="income" name="Money in" fill={COLORS.credit} />
          <Bar dataKey="spending" name="Money out" fill={COLORS.debit} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function CryptoChart({ insights }: { insights: Insights }) {
  const data = insights.crypto_value.map((p) => ({
    label: formatDay(p.day),
    value: p.value_cents,
  }));
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={260}>
        <AreaChart data={data} margin={{ left: 8, right: 16 }} accessibilityLayer>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" minTickGap={32} />
          <YAxis tickFormatter={axisMoney} width={64} />
          <Tooltip {...tooltipProps} />
          <Area
            type="monotone"
            dataKey="value"
            name="Portfolio value"
            stroke={COLORS.primary}
            fill={COLORS.primary}
            fillOpacity={0.15}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
