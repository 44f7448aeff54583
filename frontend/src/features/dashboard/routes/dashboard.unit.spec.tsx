import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardData } from '@bank/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, storeSession, testUser, transaction } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import DashboardRoute from './dashboard';

const accounts = [
  account({ id: 'a1', name: 'Premium Checking' }),
  account({ id: 'a2', name: 'High Yield Savings', type: 'savings' }),
  account({ id: 'a3', name: 'Money Market', type: 'savings' }),
  account({ id: 'a4', name: 'Investment Account', type: 'investment' }),
  account({ id: 'a5', name: 'Business Checking', type: 'business' }),
];

/** GET /api/dashboard's answer (the contract's shape), with what a test sets. */
function serve(dashboard: Partial<DashboardData> | null) {
  return fakeServer((url) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/dashboard')
      return dashboard
        ? ok({
            accounts: [],
            recent_transactions: [],
            total_balance: 0,
            formatted_total_balance: '$0.00',
            account_count: dashboard.accounts?.length ?? 0,
            savings_goal: null,
            savings_goals: [],
            cashback: { available_balance: 0, this_month_earned: 0 },
            ...dashboard,
          } satisfies DashboardData)
        : { status: 500, body: { status: 'error' } };
    return undefined;
  });
}

describe('Dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('greets by first name and shows four account cards and at most 8 transactions', async () => {
    storeSession();
    serve({
      accounts,
      total_balance: 7501.25,
      recent_transactions: Array.from({ length: 10 }, (_, i) =>
        transaction({ id: `t${i}`, description: `Coffee ${i}` }),
      ),
      cashback: { available_balance: 0, this_month_earned: 0 },
    });
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Alex$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('$7,501.25')).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'My Accounts' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(4);
    // The fifth account is not a card, but the customer is told it is there.
    expect(screen.getByRole('link', { name: '+1 more account' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(
      within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem'),
    ).toHaveLength(8);
  });

  it('shows three account cards beside a cashback card, and the cashback notice', async () => {
    storeSession();
    serve({
      accounts,
      total_balance: 10,
      recent_transactions: [],
      cashback: { available_balance: 70.07, this_month_earned: 21.17 },
    });
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'My Accounts' });
    await within(region).findByText('Cashback');
    expect(within(region).getAllByRole('listitem')).toHaveLength(4);
    expect(within(region).getByRole('link', { name: '+2 more accounts' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cashback' }));
    expect(
      await screen.findByText('Your available cashback balance is $70.07.'),
    ).toBeInTheDocument();
  });

  it('hides and shows the balance', async () => {
    storeSession();
    serve({ accounts: accounts.slice(0, 1), total_balance: 1500.25, recent_transactions: [] });
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    await screen.findAllByText('$1,500.25');
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.queryByText('$1,500.25')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect((await screen.findAllByText('$1,500.25')).length).toBeGreaterThan(0);
  });

  it('shows an error notice titled Error when the dashboard fails', async () => {
    storeSession();
    serve(null);
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Failed to load dashboard data. Please try again.');
  });
});
