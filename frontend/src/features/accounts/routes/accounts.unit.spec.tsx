import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, storeSession, testUser, transaction } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import AccountsRoute from './accounts';

/**
 * `olderPage`: the 30 days' history has a second page, whose first load fails. `empty`: a new
 * account, with no transactions yet.
 */
function serve({ olderPage = false, empty = false } = {}) {
  let accountsServed = 0;
  let olderFailures = 1;
  return fakeServer((url) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/accounts')
      return ok({
        accounts: [
          // The balance moves after the page first loads (a deposit lands).
          accountsServed++ ? account({ balance: 4000.25, available_balance: 3900 }) : account(),
          account({
            id: 'a2',
            name: 'Investment Account',
            account_name: 'Investment Account',
            type: 'investment',
            account_type: { code: 'investment', name: 'Investment' },
            interest_rate: 8,
            monthly_fee: 25,
            routing_number: '011000015',
            // Nothing held: all of the balance can be spent.
            balance: 9000,
            available_balance: 9000,
          }),
        ],
      });
    if (url.pathname === '/api/dashboard/comprehensive-history') {
      const days = url.searchParams.get('days');
      if (olderPage && url.searchParams.get('cursor') === 'older') {
        if (olderFailures-- > 0) return { status: 503, body: { status: 'error', message: 'Down' } };
        return ok({
          transactions: [transaction({ id: 't-old', description: 'Rent (older page)' })],
          page: 1,
          per_page: 500,
          next_cursor: null,
        });
      }
      const paged = olderPage && days === '30' && url.searchParams.get('limit') !== '1';
      if (empty) return ok({ transactions: [], page: 1, per_page: 500, next_cursor: null });
      return ok({
        transactions: [
          transaction({
            id: `t-${days}`,
            description: `Payroll deposit (${days} days)`,
            amount: 2500,
            type: 'credit',
            category: 'income',
            category_label: 'Income',
          }),
        ],
        page: 1,
        per_page: 500,
        next_cursor: paged ? 'older' : null,
      });
    }
    if (url.pathname === '/api/transactions/categories')
      return ok({
        categories: [
          { key: 'income', label: 'Income' },
          { key: 'interest', label: 'Interest' },
        ],
      });
    if (url.pathname.startsWith('/api/transactions/') && url.pathname.endsWith('/category'))
      return ok({ transaction_id: 't-30', category: 'interest', category_label: 'Interest' });
    return undefined;
  });
}

describe('Accounts page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('masks the account number the customer signs in with and reveals it on request', async () => {
    storeSession();
    serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    expect(await screen.findByText('•••• •••• 8009')).toBeInTheDocument();
    // The number is the first account's, the one the sign-in form asks for: not a customer id.
    expect(screen.getByText(/· Account number/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reveal number' }));
    expect(screen.getByText('5984 1023 8009')).toBeInTheDocument();
  });

  it('keeps the lines shown when Load more fails, and tries again on the next press', async () => {
    storeSession();
    serve({ olderPage: true });
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    expect(await screen.findByText('Payroll deposit (30 days)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const loadFailed = 'We could not load more transactions. Please try again.';
    expect(await screen.findByText(loadFailed)).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Payroll deposit (30 days)')).toBeInTheDocument();
    expect(screen.queryByText('We could not load your transactions. Please try again.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Rent (older page)')).toBeInTheDocument();
    expect(screen.getByText('Payroll deposit (30 days)')).toBeInTheDocument();
    expect(screen.queryByText(loadFailed)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The button is gone: the focus it had moves to the line saying so, not to the page's body.
    await waitFor(() => expect(screen.getByText('No older transactions.')).toHaveFocus());

    // Another period is another list: its one page says nothing of older lines until asked.
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByText('Payroll deposit (90 days)')).toBeInTheDocument();
    expect(screen.queryByText('No older transactions.')).toBeNull();
  });

  it('shows the selected account with APY, fee and routing rules', async () => {
    storeSession();
    serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    expect(await screen.findByText('1.25% APY')).toBeInTheDocument();
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByText('102000196')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Investment Account/ }));
    expect(await screen.findByText('8.00% APY')).toBeInTheDocument();
    expect(screen.getByText('$25.00/month')).toBeInTheDocument();
    expect(screen.getByText('011000015')).toBeInTheDocument();
  });

  it('says in the list what is available when a pending debit holds part of a balance', async () => {
    storeSession();
    serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    const list = await screen.findByRole('region', { name: 'Your accounts' });
    const checking = await within(list).findByRole('button', { name: /Premium Checking/ });
    // The row's balance is the ledger's; the details say "Available balance": the row says both.
    expect(within(checking).getByText('$1,500.25')).toBeVisible();
    const available = within(checking).getByText('Available $1,400.00');
    expect(available).toBeVisible();
    expect(available.closest('.sr-only')).toBeNull();
    const investment = within(list).getByRole('button', { name: /Investment Account/ });
    expect(within(investment).queryByText(/Available/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(within(checking).getByText('Available ••••••')).toBeInTheDocument();
    expect(within(checking).queryByText(/1,400\.00/)).not.toBeInTheDocument();
  });

  it('starts a transfer from the account shown', async () => {
    storeSession();
    serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    expect(await screen.findByText('1.25% APY')).toBeInTheDocument();
    const transferLinks = () =>
      screen.getAllByRole('link', { name: 'Transfer' }).map((l) => l.getAttribute('href'));
    // The shortcut and, on small screens, the tab bar.
    expect(transferLinks()).toEqual(['/transfer?from=a1', '/transfer?from=a1']);
    await userEvent.click(screen.getByRole('button', { name: /Investment Account/ }));
    expect(await screen.findByText('8.00% APY')).toBeInTheDocument();
    expect(transferLinks()).toEqual(['/transfer?from=a2', '/transfer?from=a2']);
  });

  it('loads real transactions for 7, 30, 90 or 365 days', async () => {
    storeSession();
    const calls = serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    expect(await screen.findByText('Payroll deposit (30 days)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByText('Payroll deposit (90 days)')).toBeInTheDocument();
    // A new period reads out its count, not every line of the list again.
    expect(screen.getByText('1 transaction in the last 90 days').closest('[aria-live]')).not.toBe(
      null,
    );
    expect(screen.getByText('Payroll deposit (90 days)').closest('[aria-live]')).toBe(null);
    expect(
      calls.some((c) =>
        c.path.startsWith('/api/dashboard/comprehensive-history?days=90&account_id=a1'),
      ),
    ).toBe(true);
  });

  it('shows a new account with no transactions how to add money, not only that there are none', async () => {
    storeSession();
    serve({ empty: true });
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    const empty = await screen.findByText(/No transactions in the last 30 days\./);
    expect(
      within(empty).getByRole('link', { name: 'How to add money to your account' }),
    ).toHaveAttribute('href', '/deposit');
  });

  it('filters the lines by description or by reference number', async () => {
    storeSession();
    serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await screen.findByText('Payroll deposit (30 days)');
    const filter = screen.getByRole('searchbox', { name: 'Filter transactions' });
    await userEvent.type(filter, 'ref-1');
    expect(screen.getByText('Payroll deposit (30 days)')).toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'REF-2');
    await waitFor(() => expect(screen.queryByText('Payroll deposit (30 days)')).toBeNull());
  });

  it('exports the shown transactions as CSV', async () => {
    storeSession();
    serve();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await screen.findByText('Payroll deposit (30 days)');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await created[0]!.text();
    expect(text).toContain(
      'Date,Description,Category,Account,Status,Amount,Pending,Not charged,Reference',
    );
    expect(text).toContain(
      'Payroll deposit (30 days),Income,Premium Checking,Completed,2500.00,,,REF-1',
    );
    // The balances the file reconciles to are read at the export, not as first shown.
    expect(text).toMatch(
      /\r\nBalance,"Current balance at [^"]+",,Premium Checking,,4000\.25,,,\r\n/,
    );
    expect(text).toMatch(
      /\r\nBalance,"Available balance at [^"]+",,Premium Checking,,3900\.00,,,\r\n/,
    );
  });

  it('changes a transaction’s category through the server', async () => {
    storeSession();
    const calls = serve();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Category: Income. Change category of Payroll deposit (30 days)',
      }),
    );
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('income');
    await userEvent.selectOptions(select, 'interest');
    await userEvent.click(screen.getByRole('button', { name: 'Save category' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/api/transactions/t-30/category',
          body: { category: 'interest' },
        }),
      ),
    );
    expect(
      await screen.findByText('Payroll deposit (30 days) is now in Interest.'),
    ).toBeInTheDocument();
  });

  it('shows the new category in the list once it is saved, without a reload', async () => {
    storeSession();
    let category = { category: 'income', category_label: 'Income' };
    fakeServer((url, init) => {
      if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
      if (url.pathname === '/api/accounts') return ok({ accounts: [account()] });
      if (url.pathname === '/api/dashboard/comprehensive-history')
        return ok({
          transactions: [
            transaction({ id: 't-1', description: 'Payroll deposit', amount: 2500, ...category }),
          ],
          page: 1,
          per_page: 500,
          next_cursor: null,
        });
      if (url.pathname === '/api/transactions/categories')
        return ok({
          categories: [
            { key: 'income', label: 'Income' },
            { key: 'interest', label: 'Interest' },
          ],
        });
      if (url.pathname === '/api/transactions/t-1/category' && init?.method === 'PUT') {
        category = { category: 'interest', category_label: 'Interest' };
        return ok({ transaction_id: 't-1', ...category });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await user.click(
      await screen.findByRole('button', {
        name: 'Category: Income. Change category of Payroll deposit',
      }),
    );
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'interest');
    await user.click(screen.getByRole('button', { name: 'Save category' }));
    expect(
      await screen.findByRole('button', {
        name: 'Category: Interest. Change category of Payroll deposit',
      }),
    ).toBeInTheDocument();
  });

  it('shows a backwards date or amount range under its field and does not ask the bank', async () => {
    storeSession();
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await screen.findByText('Payroll deposit (30 days)');
    await user.click(screen.getByText('More filters'));
    const form = screen.getByRole('form', { name: 'More filters' });
    await user.type(within(form).getByLabelText('From'), '2026-03-10');
    await user.type(within(form).getByLabelText('To'), '2026-03-01');
    await user.type(within(form).getByLabelText('Minimum amount'), '50');
    await user.type(within(form).getByLabelText('Maximum amount'), '10');
    const before = calls.length;
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    expect(within(form).getByLabelText('To')).toHaveAccessibleDescription(
      'The to date must not be before the from date.',
    );
    expect(within(form).getByLabelText('Maximum amount')).toHaveAccessibleDescription(
      'The maximum amount must not be less than the minimum amount.',
    );
    expect(within(form).getByLabelText('To')).toHaveFocus();
    expect(calls.slice(before).filter((c) => c.path.includes('comprehensive-history'))).toEqual([]);
    expect(screen.queryByText(/We could not load your transactions/)).toBeNull();

    // Each error goes as soon as it is corrected; then the filters are applied.
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-03-20');
    expect(within(form).getByLabelText('To')).not.toHaveAccessibleDescription();
    await user.clear(within(form).getByLabelText('Maximum amount'));
    await user.type(within(form).getByLabelText('Maximum amount'), '100');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.includes('from=2026-03-10') &&
            c.path.includes('to=2026-03-20') &&
            c.path.includes('min_amount=50') &&
            c.path.includes('max_amount=100'),
        ),
      ).toBe(true),
    );
  });

  it('shows no period as chosen while a date range is applied, and a period replaces it', async () => {
    storeSession();
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<AccountsRoute />, { path: '/accounts' });
    await screen.findByText('Payroll deposit (30 days)');
    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByText('More filters'));
    const form = screen.getByRole('form', { name: 'More filters' });
    await user.type(within(form).getByLabelText('From'), '2026-03-01');
    await user.type(within(form).getByLabelText('To'), '2026-03-20');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await screen.findByText(/in this date range/);
    for (const days of [7, 30, 90, 365]) {
      expect(screen.getByRole('button', { name: `${days} days` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }

    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(await screen.findByText(/in the last 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.at(-1)?.path).not.toContain('from=');
  });
});
