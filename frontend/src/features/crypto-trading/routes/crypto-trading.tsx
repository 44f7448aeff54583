import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Alert, Badge, PageSpinner, Skeleton } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { useTabParam } from '@/lib/use-tab-param';
import { ReceiptLink } from '@/components/transactions/receipt-link';
import { formatDate, formatMoney } from '@/lib/format';
import { useAccounts } from '@/lib/accounts-query';
import {
  cryptoTransactionsQueryOptions,
  useCryptoTransactions,
} from '../api/get-crypto-transactions';
import { useDepositMethods } from '../api/get-deposit-methods';
import { marketDataQueryOptions, useMarketData } from '../api/get-market-data';
import { portfolioQueryOptions, usePortfolio } from '../api/get-portfolio';
import { TradePanel } from '../components/trade-panel';
import { DepositDialog, WithdrawDialog } from '../components/wallet-dialogs';
import { compactNumber, formatCoinPrice, listedCoins } from '../lib/estimates';
import './crypto-trading.css';
import { HIDDEN_BALANCE, useBalancesHidden } from '@/lib/balances-hidden';

const TAB_VALUES = ['portfolio', 'market', 'trade', 'history'] as const;

function Change({ value }: { value: number }) {
  return (
    <span className={`tabular ${value >= 0 ? 'amount--credit' : 'amount--debit'}`}>
      {value >= 0 ? '+' : ''}
      {Number(value).toFixed(2)}%
    </span>
  );
}

/** The coin's round badge: its whole symbol (up to five letters, as MATIC), smaller when long. */
function CoinBadge({ symbol }: { symbol: string }) {
  return (
    <span
      className={`crypto-coin${symbol.length > 4 ? ' crypto-coin--long' : ''}`}
      aria-hidden="true"
    >
      {symbol}
    </span>
  );
}

/** Rows to come, named for a screen reader, where a list is still loading. */
function ListLoading({ label }: { label: string }) {
  return (
    <div className="stack" role="status" aria-label={label}>
      <Skeleton height="3.5rem" />
      <Skeleton height="3.5rem" />
    </div>
  );
}

function txTone(status: string) {
  if (status === 'completed') return 'success' as const;
  if (status === 'pending' || status === 'processing') return 'warning' as const;
  return 'danger' as const;
}

/** Crypto Trading. */
export default function CryptoTradingRoute() {
  useDocumentTitle('Crypto Trading');
  const queryClient = useQueryClient();
  const portfolio = usePortfolio();
  const market = useMarketData();
  const history = useCryptoTransactions();
  const methods = useDepositMethods();
  const accounts = useAccounts();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [hidden, setHidden] = useBalancesHidden();
  const [search, setSearch] = useState('');
  const [symbol, setSymbol] = useState('BTC');
  const [depositOpen, setDepositOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);

  if (portfolio.isPending && market.isPending) return <PageSpinner label="Loading crypto data" />;
  const failed = portfolio.isError || market.isError || history.isError;
  // Holdings that failed to load are unknown, not none: never "$0.00" or "No crypto assets yet".
  const portfolioUnknown = portfolio.isError && !portfolio.data;
  // Nor are holdings still on their way (the market often answers first): they are shown as loading.
  const portfolioLoading = portfolio.isPending;
  const historyUnknown = history.isError && !history.data;
  const holdings = portfolio.data?.portfolio ?? [];
  const marketList = market.data ?? [];
  const q = search.trim().toLowerCase();
  const filtered = q
    ? marketList.filter(
        (m) => m.name.toLowerCase().includes(q) || m.symbol.toLowerCase().includes(q),
      )
    : marketList;
  const money = (n: number | null | undefined) => (hidden ? HIDDEN_BALANCE : formatMoney(n ?? 0));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: portfolioQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: marketDataQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: cryptoTransactionsQueryOptions().queryKey });
  };

  // The button that opened the trade tab goes with the tab it was in: the focus goes on to the
  // trade form's field to fill next (the amount when a coin was picked), not to the top of the page.
  const openTrade = (opener: HTMLElement, field: 'symbol' | 'amount') => {
    setTab('trade');
    focusWhenGone(opener, () => [
      document.querySelector(`form[aria-label="Trade"] [name="${field}"]`),
    ]);
  };
  const trade = (s: string, opener: HTMLElement) => {
    setSymbol(s);
    openTrade(opener, 'amount');
  };

  return (
    <>
      <PageHeader
        title={
          <>
            Crypto Trading <Badge tone="success">Live</Badge>
          </>
        }
        backTo="/dashboard"
        actions={
          <>
            <Button
              variant="secondary"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              onClick={refresh}
              // Busy, not disabled, while it runs: a disabled button drops the focus.
              loading={portfolio.isFetching || market.isFetching}
            >
              Refresh
            </Button>
            <Button
              variant="ghost"
              icon={
                hidden ? (
                  <Eye size={16} aria-hidden="true" />
                ) : (
                  <EyeOff size={16} aria-hidden="true" />
                )
              }
              onClick={() => setHidden((h) => !h)}
              aria-pressed={hidden}
            >
              {hidden ? 'Show balances' : 'Hide balances'}
            </Button>
          </>
        }
      />
      {failed ? <Alert tone="danger">Failed to load crypto data</Alert> : null}
      <Card className="crypto-hero" aria-label="Portfolio summary">
        <div>
          <p className="crypto-hero__label">Total portfolio value</p>
          <p className="crypto-hero__value tabular">
            {portfolioUnknown ? (
              'Unavailable'
            ) : portfolioLoading ? (
              <Skeleton height="2.25rem" width="9rem" />
            ) : (
              money(portfolio.data?.total_value)
            )}
          </p>
          {portfolioUnknown || portfolioLoading ? null : (
            <p className="crypto-hero__count">
              {holdings.length} {holdings.length === 1 ? 'asset' : 'assets'}
            </p>
          )}
        </div>
        <div className="crypto-hero__actions">
          <Button
            variant="accent"
            icon={<ArrowDownToLine size={16} aria-hidden="true" />}
            onClick={() => setDepositOpen(true)}
          >
            Deposit
          </Button>
          <Button
            variant="inverse"
            icon={<ArrowUpFromLine size={16} aria-hidden="true" />}
            onClick={() => setWithdrawOpen(true)}
          >
            Withdraw
          </Button>
        </div>
      </Card>

      <Tabs
        value={tab}
        onValueChange={setTab}
        label="Crypto"
        items={[
          { value: 'portfolio', label: 'Portfolio' },
          { value: 'market', label: 'Market' },
          { value: 'trade', label: 'Trade' },
          { value: 'history', label: 'History' },
        ]}
      >
        <TabPanel value="portfolio">
          <Card>
            {portfolioUnknown ? (
              <p className="empty-state">Your holdings could not be loaded.</p>
            ) : portfolioLoading ? (
              <ListLoading label="Loading your holdings" />
            ) : holdings.length === 0 ? (
              <div className="empty-state">
                <p>No crypto assets yet</p>
                <Button onClick={(e) => openTrade(e.currentTarget, 'symbol')}>Start Trading</Button>
              </div>
            ) : (
              <ul className="crypto-list">
                {holdings.map((h) => (
                  <li key={h.id} className="crypto-row crypto-row--coin">
                    <CoinBadge symbol={h.symbol} />
                    <div className="crypto-row__main">
                      <span className="crypto-row__name">{h.name}</span>
                      <span className="muted tabular">
                        {hidden ? HIDDEN_BALANCE : listedCoins(h.balance_exact)} {h.symbol}
                      </span>
                      {h.pending_balance ? (
                        <span className="muted tabular">
                          <Badge tone="warning">pending</Badge>{' '}
                          {hidden ? HIDDEN_BALANCE : listedCoins(h.pending_balance_exact)}{' '}
                          {h.symbol} waiting for review
                        </span>
                      ) : null}
                    </div>
                    <div className="crypto-row__side">
                      <span className="tabular crypto-row__value">{money(h.current_value)}</span>
                      <span className="muted">
                        {formatCoinPrice(h.current_price ?? 0)} · <Change value={h.change_24h} />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </TabPanel>

        <TabPanel value="market">
          <Card>
            <TextField
              label="Search by name or symbol"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {marketList.length === 0 ? (
              <p className="empty-state">
                Market data is not available yet. It refreshes every 30 seconds.
              </p>
            ) : filtered.length === 0 ? (
              <p className="empty-state">No coins match your search</p>
            ) : (
              <ul className="crypto-list market-list">
                {filtered.map((m) => (
                  <li key={m.symbol}>
                    <button
                      type="button"
                      className="crypto-row crypto-row--coin crypto-row--button"
                      onClick={(e) => trade(m.symbol, e.currentTarget)}
                    >
                      <CoinBadge symbol={m.symbol} />
                      <span className="crypto-row__main">
                        <span className="crypto-row__name">
                          {m.name} <span className="muted">{m.symbol}</span>
                        </span>
                        <span className="muted">
                          Vol {compactNumber(m.volume)} · Cap {compactNumber(m.market_cap)}
                        </span>
                      </span>
                      <span className="crypto-row__side">
                        <span className="tabular crypto-row__value">
                          {formatCoinPrice(m.price)}
                        </span>
                        <Change value={m.change24h} />
                      </span>
                      <span className="sr-only">Trade {m.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </TabPanel>

        <TabPanel value="trade">
          <Card>
            <TradePanel
              market={marketList}
              holdings={holdings}
              accounts={accounts.data ?? []}
              symbol={symbol}
              onSymbolChange={setSymbol}
              balancesHidden={hidden}
            />
          </Card>
        </TabPanel>

        <TabPanel value="history">
          <Card>
            {historyUnknown ? (
              <p className="empty-state">Your crypto transactions could not be loaded.</p>
            ) : history.isPending ? (
              <ListLoading label="Loading your crypto transactions" />
            ) : (history.data ?? []).length === 0 ? (
              <p className="empty-state">No crypto transactions yet</p>
            ) : (
              <ul className="crypto-list">
                {(history.data ?? []).map((t) => {
                  return (
                    <li key={t.id} className="crypto-row">
                      <div className="crypto-row__main">
                        <span className="crypto-row__name">
                          <ReceiptLink id={t.receipt_id} from="Crypto">
                            {t.type[0]!.toUpperCase() + t.type.slice(1)} {t.symbol}
                          </ReceiptLink>
                        </span>
                        <span className="muted">
                          {formatDate(t.executed_at ?? t.created_at, true)}
                        </span>
                      </div>
                      <div className="crypto-row__side">
                        <span className="tabular">
                          {listedCoins(t.crypto_amount_exact)} {t.symbol}
                        </span>
                        <span className="muted tabular">
                          {money(t.usd_amount)}
                          {t.price_per_unit ? ` @ ${formatCoinPrice(t.price_per_unit)}` : ''}
                          {t.fee ? ` · fee ${money(t.fee)}` : ''}
                        </span>
                        <Badge tone={txTone(t.status)}>{t.status}</Badge>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </TabPanel>
      </Tabs>

      <DepositDialog
        open={depositOpen}
        onOpenChange={setDepositOpen}
        methods={methods.data ?? []}
      />
      <WithdrawDialog
        open={withdrawOpen}
        onOpenChange={setWithdrawOpen}
        holdings={holdings}
        methods={methods.data ?? []}
        balancesHidden={hidden}
      />
    </>
  );
}
