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
    // The fifth account is not a card, and the line under the cards counts as the total does.
    expect(screen.getByText('Across 5 accounts')).toBeInTheDocument();
    expect(screen.getByText(/^Showing 4 of 5 accounts\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all 5 accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(screen.queryByText(/more account/)).not.toBeInTheDocument();
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
    expect(
      within(region).getByText(/^Showing 3 of 5 accounts and your cashback\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cashback' }));
    expect(
      await screen.findByText('Your available cashback balance is $70.07.'),
    ).toBeInTheDocument();
  });

  it('counts one account left out as the total does, never "+1 more account"', async () => {
    storeSession();
    serve({
      accounts: accounts.slice(0, 4),
      total_balance: 10,
      cashback: { available_balance: 70.25, this_month_earned: 17.12 },
    });
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'My Accounts' });
    await within(region).findByText('Cashback');
    expect(screen.getByText('Across 4 accounts')).toBeInTheDocument();
    // Three account cards beside the cashback card, as many as the dashboard holds with it.
    expect(within(region).getAllByRole('link', { name: /Checking|Savings|Market/ })).toHaveLength(
      3,
    );
    expect(
      within(region).getByText(/^Showing 3 of 4 accounts and your cashback\./),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'View all 4 accounts' })).toBeInTheDocument();
    expect(within(region).queryByText(/\+1 more/)).not.toBeInTheDocument();
  });

  it('shows the available balance on a card when money is held, to every customer', async () => {
    storeSession();
    serve({
      accounts: [
        account({ id: 'a1', balance: 1500.25, available_balance: 1374.85 }),
        account({
          id: 'a2',
          name: 'High Yield Savings',
          type: 'savings',
          balance: 900,
          available_balance: 900,
        }),
      ],
      total_balance: 2400.25,
    });
    renderWithApp(<DashboardRoute />, { path: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'My Accounts' });
    const [checking, savings] = await within(region).findAllByRole('link', {
      name: /Checking|Savings/,
    });
    const available = within(checking!).getByText('Available $1,374.85');
    expect(available).toBeVisible();
    expect(available.closest('.sr-only')).toBeNull();
    // Nothing is held on savings: its balance is all there is to say.
    expect(within(savings!).queryByText(/Available/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(within(checking!).getByText('Available ••••••')).toBeInTheDocument();
    expect(within(checking!).queryByText(/1,374\.85/)).not.toBeInTheDocument();
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
