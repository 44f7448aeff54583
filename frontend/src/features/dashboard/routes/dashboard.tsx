import {
  ArrowLeftRight,
  Bitcoin,
  ChevronRight,
  CreditCard,
  Eye,
  EyeOff,
  Gift,
  Headset,
  Landmark,
  PiggyBank,
  Receipt,
  RefreshCw,
  Send,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { AvailableBalance } from '@/components/accounts/available-balance';
import { VerifyContactsNotice } from '@/components/security/verify-contacts-notice';
import { TransactionList } from '@/components/transactions/transaction-list';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton, LoadFailed } from '@/components/ui/feedback';
import { useDocumentTitle } from '@/components/ui/page';
import { accountName, accountsLink, type Account } from '@/lib/accounts';
import { useUser } from '@/lib/auth';
import { firstName, formatMoney, maskAccountNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useDashboard } from '../api/get-dashboard';
import { SavingsGoalsCard } from '../components/savings-goals-card';
import { accountCardLimit, greeting, hasCashback, RECENT_ACTIVITY_LIMIT } from '../lib/greeting';
import './dashboard.css';
import { HIDDEN_BALANCE as HIDDEN, useBalancesHidden } from '@/lib/balances-hidden';

const UNAVAILABLE = 'Unavailable';

type QuickAction = { label: string; icon: LucideIcon; to?: string };

const QUICK_ACTIONS: QuickAction[] = [
  { label: 'Transfer', icon: ArrowLeftRight, to: '/transfer' },
  { label: 'Pay Bills', icon: Receipt, to: '/bill-pay' },
  { label: 'Zelle', icon: Send, to: '/zelle' },
  { label: 'Invest', icon: Bitcoin, to: '/crypto-trading' },
  { label: 'Cards', icon: CreditCard, to: '/cards' },
  { label: 'Support', icon: Headset, to: '/support' },
  { label: 'Loans', icon: Landmark, to: '/loans' },
  { label: 'Cashback', icon: Gift },
];

function AccountCard({ account, hidden }: { account: Account; hidden: boolean }) {
  return (
    <li>
      <Link to={accountsLink(account.id)} className={`acct-card acct-card--${account.type}`}>
        <span className="acct-card__type">{account.type}</span>
        <span className="acct-card__name">{accountName(account)}</span>
        <span className="acct-card__balance tabular">
          {hidden ? HIDDEN : formatMoney(account.balance)}
        </span>
        <AvailableBalance account={account} hidden={hidden} className="acct-card__available" />
        <span className="acct-card__number">{maskAccountNumber(account.account_number)}</span>
      </Link>
    </li>
  );
}

export default function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const user = useUser();
  const dashboard = useDashboard();
  const [hidden, setHidden] = useBalancesHidden();
  const data = dashboard.data;
  const showCashback = hasCashback(data?.cashback);
  const cardLimit = accountCardLimit(showCashback);
  // The cards leave some accounts out (the total counts them all): say so in the total's words.
  const accountCount = data?.accounts.length ?? 0;
  const shownAccounts = Math.min(accountCount, cardLimit);
  const goal = data?.savings_goal;
  // Without data a figure is unknown, never zero.
  const unavailable = !data && dashboard.isError;
  const money = (value: number | undefined) =>
    unavailable ? UNAVAILABLE : hidden ? HIDDEN : formatMoney(value ?? 0);

  const onQuickAction = (action: QuickAction) => {
    if (action.label === 'Cashback') {
      toast.info(
        `Your available cashback balance is ${formatMoney(data?.cashback.available_balance ?? 0)}.`,
        'Cashback',
      );
    }
  };

  return (
    <div className="dashboard">
      <div className="dashboard__hello">
        <h1 className="page-title">
          {greeting(new Date())}, {firstName(user.name)}
        </h1>
        <p className="muted">Here is where your money stands today.</p>
      </div>

      <VerifyContactsNotice
        action={
          <Link className="btn btn--secondary btn--sm" to="/zelle#zelle-claim">
            Verify now
          </Link>
        }
      />

      {dashboard.isError ? (
        <LoadFailed title="Error" onRetry={() => void dashboard.refetch()}>
          <p>Failed to load dashboard data. Please try again.</p>
        </LoadFailed>
      ) : null}

      <section className="balance-hero" aria-labelledby="total-balance-label">
        <div className="balance-hero__main">
          <p id="total-balance-label" className="balance-hero__label">
            Total balance
          </p>
          <p className="balance-hero__value tabular" aria-live="polite">
            {dashboard.isPending ? (
              <Skeleton height="2.5rem" width="12rem" />
            ) : (
              money(data?.total_balance)
            )}
          </p>
          <p className="balance-hero__sub">
            {data
              ? `Across ${data.accounts.length} account${data.accounts.length === 1 ? '' : 's'}`
              : unavailable
                ? 'Your balances could not be loaded'
                : '\u00a0'}
          </p>
          <div className="balance-hero__tools">
            <button
              type="button"
              className="chip-btn"
              aria-pressed={hidden}
              onClick={() => setHidden((h) => !h)}
            >
              {hidden ? (
                <Eye size={16} aria-hidden="true" />
              ) : (
                <EyeOff size={16} aria-hidden="true" />
              )}
              {hidden ? 'Show balance' : 'Hide balance'}
            </button>
            <button
              type="button"
              className="chip-btn"
              // Busy, not disabled, while it reloads: a disabled button drops the focus.
              onClick={() => (dashboard.isFetching ? undefined : void dashboard.refetch())}
              aria-disabled={dashboard.isFetching || undefined}
              aria-label="Refresh balances"
            >
              <RefreshCw
                size={16}
                aria-hidden="true"
                className={dashboard.isFetching ? 'spin' : undefined}
              />
              {dashboard.isFetching ? 'Refreshing...' : 'Refresh'}
            </button>
          </div>
        </div>
        <dl className="balance-hero__figures">
          <div>
            <dt>
              <PiggyBank size={16} aria-hidden="true" /> Savings goal
            </dt>
            <dd className="tabular">
              {unavailable
                ? UNAVAILABLE
                : goal
                  ? hidden
                    ? HIDDEN
                    : `${formatMoney(goal.current)} of ${formatMoney(goal.target)}`
                  : 'No goal set'}
              {goal?.reached ? <span className="balance-hero__small">Goal reached</span> : null}
              {data && !goal ? (
                <a className="balance-hero__small balance-hero__link" href="#savings-goals">
                  Set a savings goal
                </a>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>
              <Gift size={16} aria-hidden="true" /> Cashback
            </dt>
            <dd className="tabular">
              {money(data?.cashback.available_balance)}
              {unavailable ? null : (
                <span className="balance-hero__small">
                  {money(data?.cashback.this_month_earned)} earned this month
                </span>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="section-title">
          Quick actions
        </h2>
        <ul role="list" className="quick-actions">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.label}>
              {action.to ? (
                <Link to={action.to} className="quick-action">
                  <action.icon size={22} aria-hidden="true" />
                  <span>{action.label}</span>
                </Link>
              ) : (
                <button
                  type="button"
                  className="quick-action"
                  onClick={() => onQuickAction(action)}
                >
                  <action.icon size={22} aria-hidden="true" />
                  <span>{action.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div className="dashboard__grid">
        <Card aria-labelledby="my-accounts">
          <CardHeader
            id="my-accounts"
            title="My Accounts"
            action={
              <Link to="/accounts" className="link-more">
                View all accounts <ChevronRight size={16} aria-hidden="true" />
              </Link>
            }
          />
          {dashboard.isPending ? (
            <div className="stack">
              <Skeleton height="6rem" />
              <Skeleton height="6rem" />
            </div>
          ) : unavailable ? (
            <p className="empty-state">Your accounts could not be loaded.</p>
          ) : (
            <>
              <ul role="list" className="acct-cards">
                {data?.accounts.slice(0, cardLimit).map((account) => (
                  <AccountCard key={account.id} account={account} hidden={hidden} />
                ))}
                {showCashback ? (
                  <li>
                    <div className="acct-card acct-card--cashback">
                      <span className="acct-card__type">Rewards</span>
                      <span className="acct-card__name">Cashback</span>
                      <span className="acct-card__balance tabular">
                        {hidden ? HIDDEN : formatMoney(data?.cashback.available_balance ?? 0)}
                      </span>
                      <span className="acct-card__number">
                        +{money(data?.cashback.this_month_earned)} this month
                      </span>
                    </div>
                  </li>
                ) : null}
              </ul>
              {shownAccounts < accountCount ? (
                <p className="acct-cards__more">
                  {/* The cashback tile sits among the account cards but is not an account: said
                      so, the count matches the tiles the customer sees. */}
                  Showing {shownAccounts} of {accountCount} accounts
                  {showCashback ? ' and your cashback' : ''}.{' '}
                  <Link to="/accounts">View all {accountCount} accounts</Link>
                </p>
              ) : null}
            </>
          )}
        </Card>

        <Card aria-labelledby="recent-activity">
          <CardHeader
            id="recent-activity"
            title="Recent Activity"
            action={
              <Link to="/accounts" className="link-more">
                See all <ChevronRight size={16} aria-hidden="true" />
              </Link>
            }
          />
          {dashboard.isPending ? (
            <div className="stack">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height="2.75rem" />
              ))}
            </div>
          ) : data && data.recent_transactions.length > 0 ? (
            <TransactionList
              label="Recent transactions"
              hidden={hidden}
              receiptReturn={{ href: '/dashboard', label: 'Dashboard' }}
              transactions={data.recent_transactions.slice(0, RECENT_ACTIVITY_LIMIT)}
            />
          ) : unavailable ? (
            <p className="empty-state">Your recent activity could not be loaded.</p>
          ) : (
            <p className="empty-state">
              No transactions yet. Your activity will appear here.{' '}
              <Link to="/deposit">How to add money to your account</Link>
            </p>
          )}
        </Card>

        {data?.savings_goals ? (
          <SavingsGoalsCard goals={data.savings_goals} hidden={hidden} />
        ) : null}

        <Card aria-labelledby="insights-card">
          <CardHeader
            id="insights-card"
            title="Spending Insights"
            action={
              <Link to="/insights" className="link-more">
                View insights <ChevronRight size={16} aria-hidden="true" />
              </Link>
            }
          />
          <p className="muted">
            Your spending by category against earlier months, money in against money out, and your
            crypto portfolio over time.
          </p>
        </Card>
      </div>
    </div>
  );
}
