import { lazy, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Alert, Skeleton } from '@/components/ui/feedback';
import { SelectField } from '@/components/ui/field';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { formatMonth } from '@/lib/format';
import { useInsights } from '../api/get-insights';
import { ChartPanel } from '../components/chart-panel';
import { CashFlowTable, CryptoTable, SpendingTable } from '../components/tables';
import { cashFlowSummary, cryptoSummary, recentMonths, spendingSummary } from '../lib/summary';
import './insights.css';

// The chart library comes with the first chart drawn, in a chunk of its own.
const SpendingChart = lazy(() =>
  import('../components/charts').then((m) => ({ default: m.SpendingChart })),
);
const CashFlowChart = lazy(() =>
  import('../components/charts').then((m) => ({ default: m.CashFlowChart })),
);
const CryptoChart = lazy(() =>
  import('../components/charts').then((m) => ({ default: m.CryptoChart })),
);

const MONTH_CHOICES = 12;

export default function InsightsPage() {
  useDocumentTitle('Spending Insights');
  const months = recentMonths(MONTH_CHOICES);
  const [month, setMonth] = useState(months[0]!);
  const insights = useInsights(month);
  const data = insights.data;
  return (
    <>
      <PageHeader
        title="Spending Insights"
        description="Where your money goes, what comes in against what goes out, and your crypto over time."
        backTo="/dashboard"
      />
      <div className="insights">
        <Card className="insights__controls">
          <SelectField
            label="Month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            hint="Compared with the five months before it"
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </SelectField>
        </Card>
        {insights.isError ? (
          <Alert tone="danger">Your insights could not be loaded. Please try again later.</Alert>
        ) : !data ? (
          <div className="stack" aria-busy="true">
            <Skeleton height="18rem" />
            <Skeleton height="18rem" />
          </div>
        ) : (
          <>
            <ChartPanel
              id="insights-spending"
              title="Spending by category"
              summary={spendingSummary(data)}
              chart={<SpendingChart insights={data} />}
              table={<SpendingTable insights={data} />}
            />
            <ChartPanel
              id="insights-cash-flow"
              title="Money in and out"
              summary={cashFlowSummary(data)}
              chart={<CashFlowChart insights={data} />}
              table={<CashFlowTable insights={data} />}
            />
            <ChartPanel
              id="insights-crypto"
              title="Crypto portfolio value"
              summary={cryptoSummary(data)}
              chart={<CryptoChart insights={data} />}
              table={<CryptoTable insights={data} />}
            />
          </>
        )}
      </div>
    </>
  );
}
