import {
  ArrowLeftRight,
  Briefcase,
  Copy,
  Download,
  Eye,
  EyeOff,
  Receipt,
  Send,
  Smartphone,
} from 'lucide-react';
import { BANK_ROUTING_NUMBER } from '@bank/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AvailableBalance } from '@/components/accounts/available-balance';
import { TransactionList } from '@/components/transactions/transaction-list';
import { Button, ButtonLink } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert, Badge, Skeleton, LoadFailed } from '@/components/ui/feedback';
import { useDocumentTitle } from '@/components/ui/page';
import { accountById, accountName, lastFour, totalBalance, type Account } from '@/lib/accounts';
import { useUser } from '@/lib/auth';
import { formatDate, formatMoney, groupDigits, maskAccountNumber } from '@/lib/format';
import { copyWithToast } from '@/lib/copy-text';
import { toast } from '@/lib/toast-store';
import type { Transaction } from '@/lib/transactions';
import { useAccounts } from '@/lib/accounts-query';
import { useParamText } from '@/lib/use-param-text';
import { useUpdateSearchParams } from '@/lib/use-update-search-params';
import {
  getAllTransactions,
  PERIODS,
  useTransactionHistory,
  useTransactionPages,
  type ListFilters,
  type Period,
} from '../api/get-transaction-history';
import { HistoryFilters } from '../components/history-filters';
import { BottomTabBar } from '../components/bottom-tab-bar';
import { CategoryDialog } from '../components/category-dialog';
import { StatementsCard } from '../components/statements-card';
import { formatMonthlyFee, formatYield } from '../lib/account-terms';
import { downloadCsv, transactionsToCsv } from '../lib/csv';
import './accounts.css';
import { HIDDEN_BALANCE as HIDDEN, useBalancesHidden } from '@/lib/balances-hidden';

/** The lines whose description or reference number holds the text, as the bank's search does. */
function byDescription(all: Transaction[], filter: string) {
  const q = filter.trim().toLowerCase();
  return q
    ? all.filter((t) => `${t.description} ${t.reference_number}`.toLowerCase().includes(q))
    : all;
}

/** The newest transaction of the account over the past year (the seeded or migrated history may be
 * older than the account's record of its last write). */
function useLastActivity(accountId: Account['id']) {
  const newest = useTransactionHistory({ days: 365, accountId, limit: 1 });
  if (newest.isPending) return 'Loading...';
  const date = newest.data?.[0]?.date;
  if (date) return formatDate(date);
  return newest.isError ? 'Unavailable' : 'None in the past year';
}

function AccountDetail({ account, hidden }: { account: Account; hidden: boolean }) {
  const lastActivity = useLastActivity(account.id);
  return (
    <Card aria-labelledby="account-detail">
      <CardHeader
        id="account-detail"
        title={`${accountName(account)} details`}
        action={
          <Badge tone={account.status === 'active' ? 'success' : 'neutral'}>{account.status}</Badge>
        }
      />
      <dl className="detail-grid">
        <div>
          <dt>Account number</dt>
          <dd className="mono">
            {maskAccountNumber(account.formatted_account_number || account.account_number)}
          </dd>
        </div>
        <div>
          <dt>Routing number</dt>
          <dd className="mono">{account.routing_number || BANK_ROUTING_NUMBER}</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>{formatYield(account)}</dd>
        </div>
        <div>
          <dt>Monthly fee</dt>
          <dd>{formatMonthlyFee(account)}</dd>
        </div>
        <div>
          <dt>Available balance</dt>
          <dd className="tabular">{hidden ? HIDDEN : formatMoney(account.available_balance)}</dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd>{lastActivity}</dd>
        </div>
      </dl>
    </Card>
  );
}

export default function AccountsRoute() {
  useDocumentTitle('Accounts');
  const user = useUser();
  const accounts = useAccounts({ errorToast: true });
  const [params] = useSearchParams();
  const [revealed, setRevealed] = useState(false);
  const [hidden, setHidden] = useBalancesHidden();
  const [recategorising, setRecategorising] = useState<Transaction | null>(null);
  const filter = params.get('q') ?? '';
  // The account, period and transaction to open come from the link (dashboard card, search).
  const selectedId = params.get('account');
  const days = Number(params.get('days'));
  const period: Period = PERIODS.find((p) => p === days) ?? 30;
  const highlightedTx = params.get('tx');
  // Each choice is a step of the browser's Back; typing a search is one step for the whole search.
  const setParam = useUpdateSearchParams();
  const [filterText, setFilterText] = useParamText(
    filter,
    useCallback((q: string) => setParam({ q: q || null }, { typing: true }), [setParam]),
  );
  const setSelectedId = (id: Account['id']) => setParam({ account: String(id), tx: null });
  // A period replaces a custom date range: the list shows one or the other.
  const setPeriod = (p: Period) =>
    setParam({ days: p === 30 ? null : String(p), from: null, to: null, tx: null });

  const list = accounts.data ?? [];
  const selected = accountById(list, selectedId) ?? list[0] ?? null;
  // A transfer started here starts from the account shown.
  const transferLink = selected
    ? `/transfer?${new URLSearchParams({ from: String(selected.id) })}`
    : '/transfer';
  const typeParam = params.get('type');
  const listFilters: ListFilters = {
    days: period,
    accountId: selected?.id ?? null,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    type: typeParam === 'credit' || typeParam === 'debit' ? typeParam : undefined,
    minAmount: params.get('min') ?? undefined,
    maxAmount: params.get('max') ?? undefined,
  };
  const ranged = Boolean(listFilters.from || listFilters.to);
  const history = useTransactionPages(listFilters);
  // A Load more that failed keeps the lines already shown: it is told under them, not as the page's.
  const historyFailed = history.isError && !history.isFetchNextPageError;

  const shown = useMemo(
    () => byDescription(history.data?.pages.flatMap((p) => p.transactions) ?? [], filter),
    [history.data, filter],
  );

  // An account just opened: once listed, the focus goes to it, not to the top of the page (once).
  const opened = (useLocation().state as { opened?: string } | null)?.opened;
  const focusedOpened = useRef(false);
  useEffect(() => {
    if (!opened || focusedOpened.current || selected?.id !== opened) return;
    focusedOpened.current = true;
    document.getElementById(`account-${opened}`)?.focus();
  }, [opened, selected?.id]);

  // Bring the transaction the customer came for into view once it is listed.
  const highlightedShown = Boolean(
    highlightedTx && shown.some((t) => String(t.id) === highlightedTx),
  );
  useEffect(() => {
    if (!highlightedShown || !highlightedTx) return;
    const row = document.getElementById(`txn-${highlightedTx}`);
    row?.scrollIntoView?.({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [highlightedShown, highlightedTx]);

  // The export holds every line the filters match, not only the pages loaded so far.
  const exportCsv = async () => {
    // With the last four: two business accounts share the name "Business Checking".
    const name = selected
      ? [accountName(selected).toLowerCase().replace(/\W+/g, '-'), lastFour(selected)]
          .filter(Boolean)
          .join('-')
      : 'all';
    const span = ranged
      ? `${listFilters.from ?? 'start'}-to-${listFilters.to ?? 'today'}`
      : `${period}d`;
    try {
      const all = history.hasNextPage
        ? byDescription(await getAllTransactions(listFilters), filter)
        : shown;
      // The balances the file reconciles to: read again now, not as the page last showed them.
      const fresh = (await accounts.refetch()).data?.find((a) => a.id === selected?.id);
      const account = fresh
        ? {
            name: accountName(fresh),
            balance: fresh.balance,
            available_balance: fresh.available_balance,
          }
        : undefined;
      downloadCsv(
        `transactions-${name}-${span}.csv`,
        transactionsToCsv(all, account, new Date(), { ...listFilters, text: filter }),
      );
    } catch {
      toast.error('The export could not be made. Please try again.');
    }
  };

  return (
    <div className="accounts">
      <header className="accounts__head">
        <div>
          <h1 className="page-title">Accounts</h1>
          <p className="accounts__owner">
            {user.name}
            <span className="muted"> · Account number </span>
            <span className="mono" aria-live="polite">
              {revealed ? groupDigits(user.account_number) : maskAccountNumber(user.account_number)}
            </span>
          </p>
          <div className="accounts__tools">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setRevealed((r) => !r)}
              aria-pressed={revealed}
              icon={
                revealed ? (
                  <EyeOff size={16} aria-hidden="true" />
                ) : (
                  <Eye size={16} aria-hidden="true" />
                )
              }
            >
              {revealed ? 'Hide number' : 'Reveal number'}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void copyWithToast(user.account_number ?? '', 'Account number')}
              icon={<Copy size={16} aria-hidden="true" />}
            >
              Copy number
            </Button>
          </div>
        </div>
        <div className="portfolio">
          <p className="portfolio__label">Total portfolio</p>
          <p className="portfolio__value tabular">
            {accounts.isPending ? (
              <Skeleton height="2rem" width="9rem" />
            ) : !accounts.data ? (
              'Unavailable'
            ) : hidden ? (
              HIDDEN
            ) : (
              formatMoney(totalBalance(list))
            )}
          </p>
          <button
            type="button"
            className="link-btn"
            aria-pressed={hidden}
            onClick={() => setHidden((h) => !h)}
          >
            {hidden ? 'Show balances' : 'Hide balances'}
          </button>
        </div>
      </header>

      <ul role="list" className="shortcuts">
        <li>
          <Link to={transferLink} className="quick-action">
            <ArrowLeftRight size={20} aria-hidden="true" />
            Transfer
          </Link>
        </li>
        <li>
          <Link to="/bill-pay" className="quick-action">
            <Receipt size={20} aria-hidden="true" />
            Pay Bills
          </Link>
        </li>
        <li>
          <Link to="/deposit" className="quick-action">
            <Smartphone size={20} aria-hidden="true" />
            Deposit
          </Link>
        </li>
        <li>
          <Link to="/zelle" className="quick-action">
            <Send size={20} aria-hidden="true" />
            Send Money
          </Link>
        </li>
      </ul>

      {accounts.isError ? (
        <LoadFailed title="Error" onRetry={() => void accounts.refetch()}>
          <p>We could not load your accounts. Please try again.</p>
        </LoadFailed>
      ) : null}

      <div className="accounts__grid">
        <Card aria-labelledby="account-list">
          <CardHeader
            id="account-list"
            title="Your accounts"
            action={
              <ButtonLink
                to="/accounts/open-business"
                size="sm"
                variant="secondary"
                icon={<Briefcase size={16} aria-hidden="true" />}
              >
                Open a business account
              </ButtonLink>
            }
          />
          {accounts.isPending ? (
            <div className="stack">
              <Skeleton height="4rem" />
              <Skeleton height="4rem" />
              <Skeleton height="4rem" />
            </div>
          ) : (
            <ul role="list" className="account-list">
              {list.map((account) => (
                <li key={account.id}>
                  <button
                    type="button"
                    id={`account-${account.id}`}
                    className="account-item"
                    aria-pressed={selected?.id === account.id}
                    onClick={() => setSelectedId(account.id)}
                  >
                    <span className="account-item__name">{accountName(account)}</span>
                    <span className="account-item__type">
                      {account.account_type?.name ?? account.type}
                      {'\u00a0· '}
                      <span className="account-item__number">
                        {maskAccountNumber(account.account_number)}
                      </span>
                    </span>
                    {/* The row's figure is the balance; the details beside it give the available
                        one. When something is held the row says that too, so they never disagree. */}
                    <span className="account-item__amounts">
                      <span className="account-item__balance tabular">
                        {hidden ? HIDDEN : formatMoney(account.balance)}
                      </span>
                      <AvailableBalance
                        account={account}
                        hidden={hidden}
                        className="account-item__available"
                      />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {selected ? <AccountDetail account={selected} hidden={hidden} /> : null}
      </div>

      <Card aria-labelledby="tx-heading">
        <CardHeader
          id="tx-heading"
          title={selected ? `Transactions · ${accountName(selected)}` : 'Transactions'}
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void exportCsv()}
              disabled={!shown.length}
              icon={<Download size={16} aria-hidden="true" />}
            >
              Export CSV
            </Button>
          }
        />
        <div className="tx-filters">
          <div className="segmented segmented--fill" role="group" aria-label="Period">
            {PERIODS.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={!ranged && period === days}
                onClick={() => setPeriod(days)}
              >
                {days} days
              </button>
            ))}
          </div>
          <label className="sr-only" htmlFor="tx-filter">
            Filter transactions
          </label>
          <input
            id="tx-filter"
            type="search"
            className="input tx-filters__search"
            placeholder="Filter by description"
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
          />
        </div>
        <HistoryFilters
          // Starts afresh with the account, and when a period replaces the date range.
          key={`${selected?.id ?? 'none'}:${listFilters.from ?? ''}:${listFilters.to ?? ''}`}
          values={{
            from: listFilters.from ?? '',
            to: listFilters.to ?? '',
            type: listFilters.type ?? '',
            min: listFilters.minAmount ?? '',
            max: listFilters.maxAmount ?? '',
          }}
          onApply={(values) =>
            setParam({
              from: values.from || null,
              to: values.to || null,
              type: values.type || null,
              min: values.min || null,
              max: values.max || null,
              tx: null,
            })
          }
        />
        {/* Only what the list says about itself is read out as it changes (its count, that it is
            empty or failed), not every transaction in it again. */}
        <div aria-live="polite" aria-busy={history.isFetching}>
          {history.isPending ? (
            <div className="stack">
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
            </div>
          ) : historyFailed ? (
            <Alert tone="danger" title="Error">
              <p>We could not load your transactions. Please try again.</p>
            </Alert>
          ) : shown.length === 0 ? (
            <p className="empty-state">
              {ranged
                ? 'No transactions in this date range'
                : `No transactions in the last ${period} days`}
              {filter ? ` matching "${filter}"` : ''}.
              {/* A new account's next step, as the dashboard offers it. */}
              {filter || ranged ? null : (
                <>
                  {' '}
                  <Link to="/deposit">How to add money to your account</Link>
                </>
              )}
            </p>
          ) : (
            <p className="muted tx-count">
              {shown.length} transaction{shown.length === 1 ? '' : 's'}{' '}
              {ranged ? 'in this date range' : `in the last ${period} days`}
              {history.hasNextPage ? ' shown so far' : ''}
            </p>
          )}
        </div>
        {history.isPending || historyFailed || shown.length === 0 ? null : (
          <>
            <TransactionList
              label="Account transactions"
              transactions={shown}
              hidden={hidden}
              highlightedId={highlightedTx}
              onChangeCategory={setRecategorising}
            />
            <CategoryDialog transaction={recategorising} onClose={() => setRecategorising(null)} />
            {/* Each choice of filters is a list of its own: Load more starts afresh on it. */}
            <LoadMore key={JSON.stringify(listFilters)} pages={history} />
          </>
        )}
      </Card>
      {selected ? <StatementsCard account={selected} /> : null}
      <BottomTabBar transferLink={transferLink} />
    </div>
  );
}
