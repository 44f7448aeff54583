import { bankDate } from '@bank/contracts/bank-time';
import { lazy } from 'react';
import { Card } from '@/components/ui/card';
import { Alert, Skeleton } from '@/components/ui/feedback';
import { SelectField } from '@/components/ui/field';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { useAccounts } from '@/lib/accounts-query';
import { formatMonth } from '@/lib/format';
import { useChoiceParam } from '@/lib/use-tab-param';
import { useInsights } from '../api/get-insights';
import { ChartPanel } from '../components/chart-panel';
import { CashFlowTable, CryptoTable, SpendingTable } from '../components/tables';
import {
  cashFlowSummary,
  cryptoSummary,
  hasCrypto,
  hasMoneyMoved,
  recentMonths,
  spendingSummary,
} from '../lib/summary';
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
  // The month chosen is in the address (?month=2026-10): Back, a reload and a shared link keep it.
  const [month, setMonth] = useChoiceParam('month', months, { keepFirst: true });
  const insights = useInsights(month);
  const data = insights.data;
  // The bank day the customer's first account was opened: the average of earlier months starts
  // after it. Without the accounts (an error) the month money first moved stands in for it.
  const accounts = useAccounts();
  const opened = accounts.data?.map((a) => a.opened_at).sort()[0];
  const openedOn = opened ? bankDate(new Date(opened)) : undefined;
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
            hint="Compared with up to five months before it"
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
        ) : !data || accounts.isPending ? (
          <div className="stack" aria-busy="true">
            <Skeleton height="18rem" />
            <Skeleton height="18rem" />
          </div>
        ) : !hasMoneyMoved(data) && !hasCrypto(data) ? (
          <Card className="empty-state insights__empty">
            <h2 className="insights__empty-title">No insights yet</h2>
            <p>
              No money came in or went out of your accounts from {formatMonth(data.months[0]!)} to{' '}
              {formatMonth(data.month)}. Once it does, this page shows where your money goes, what
              comes in against what goes out, and your crypto over time.
            </p>
          </Card>
        ) : (
          <>
            <ChartPanel
              id="insights-spending"
              title="Spending by category"
              summary={spendingSummary(data, openedOn)}
              chart={<SpendingChart insights={data} openedOn={openedOn} />}
              table={<SpendingTable insights={data} openedOn={openedOn} />}
              empty={data.spending_by_category.length === 0}
            />
            <ChartPanel
              id="insights-cash-flow"
              title="Money in and out"
              summary={cashFlowSummary(data)}
              chart={<CashFlowChart insights={data} />}
              table={<CashFlowTable insights={data} />}
              empty={!hasMoneyMoved(data)}
            />
            <ChartPanel
              id="insights-crypto"
              title="Crypto portfolio value"
              summary={cryptoSummary(data)}
              chart={<CryptoChart insights={data} />}
              table={<CryptoTable insights={data} />}
              empty={!hasCrypto(data)}
            />
          </>
        )}
      </div>
    </>
  );
}
