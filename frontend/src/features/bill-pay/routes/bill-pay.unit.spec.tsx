import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, payee, storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import type { PayeeView, UpcomingBillPaymentView } from '@bank/contracts';
import type { HistoryItem } from '../api/get-bill-history';
import BillPayRoute from './bill-pay';

const line = (n: number, over: Partial<HistoryItem> = {}): HistoryItem => ({
  id: `line-${n}`,
  source_type: 'transaction',
  type_label: 'Bank',
  description: `Coffee ${n}`,
  category: 'dining',
  amount: -n,
  // Newest first: line 1 is the newest.
  date: new Date(Date.UTC(2026, 10, 30) - n * 3_600_000).toISOString(),
  status: 'completed',
  account_name: 'Checking',
  reference_number: null,
  receipt_id: null,
  icon: 'arrow-up-right',
  ...over,
});

/** A history of 51 lines served 50 at a time: the second page holds the oldest line only. */
function serve({
  secondPageFails = false,
  payees = [] as PayeeView[],
  payments = [] as UpcomingBillPaymentView[],
  accounts = [account()],
} = {}) {
  let failures = secondPageFails ? 1 : 0;
  return fakeServer((url) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/accounts') return ok({ accounts });
    if (url.pathname === '/api/bill-payments/payees') return ok({ payees });
    if (url.pathname === '/api/bill-payments/scheduled') return ok({ payments });
    if (url.pathname === '/api/bill-payments/categories') return ok({ categories: [] });
    if (url.pathname === '/api/bill-payments/history') {
      const cursor = url.searchParams.get('cursor');
      if (cursor === null) {
        return ok({
          transactions: Array.from({ length: 50 }, (_, i) => line(i + 1)),
          next_cursor: 'after-50',
        });
      }
      if (cursor !== 'after-50') return undefined;
      if (failures-- > 0) return { status: 503, body: { status: 'error', message: 'Down' } };
      return ok({
        transactions: [line(51, { description: 'Gym membership (oldest)' })],
        next_cursor: null,
      });
    }
    return undefined;
  });
}

async function openHistory() {
  renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
  await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
  const panel = await screen.findByRole('tabpanel');
  await within(panel).findByText('50 items shown so far');
  return panel;
}

describe('Bill Pay history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the newest 50 lines and shows the older ones with Load more', async () => {
    storeSession();
    const calls = serve();
    const panel = await openHistory();
    const asked = () =>
      calls.filter((c) => c.path.startsWith('/api/bill-payments/history')).map((c) => c.path);
    // The opening call is the spec's: type all, limit 50, no cursor.
    expect(asked()).toEqual(['/api/bill-payments/history?type=all&limit=50']);
    expect(within(panel).queryByText('Gym membership (oldest)')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('51 items')).toBeInTheDocument();
    expect(within(panel).getAllByText('Gym membership (oldest)').length).toBeGreaterThan(0);
    expect(asked()).toEqual([
      '/api/bill-payments/history?type=all&limit=50',
      '/api/bill-payments/history?type=all&limit=50&cursor=after-50',
    ]);
    // The last page: nothing older to load.
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the lines shown when Load more fails, and tries again on the next press', async () => {
    storeSession();
    serve({ secondPageFails: true });
    const panel = await openHistory();
    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'We could not load more transactions. Please try again.',
    );
    expect(within(panel).getAllByText('Coffee 1').length).toBeGreaterThan(0);
    expect(screen.queryByText('Failed to load bill payment data')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(panel).getByText('51 items')).toBeInTheDocument());
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Bill Pay payees', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a payee has no default amount in words, not with a bare dash', async () => {
    storeSession();
    serve({
      payees: [
        payee(),
        payee({ id: 'payee-2', name: 'Spectrum', display_name: 'Spectrum', default_amount: 89.99 }),
      ],
    });
    renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
    const tiles = await screen.findAllByRole('listitem');
    const power = tiles.find((t) => within(t).queryByText('Central Maine Power'))!;
    const spectrum = tiles.find((t) => within(t).queryByText('Spectrum'))!;
    expect(within(power).getByText('No default amount')).toBeInTheDocument();
    expect(within(spectrum).getByText('$89.99')).toBeInTheDocument();
    expect(screen.queryByText('—')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Manage Payees' }));
    const panel = await screen.findByRole('tabpanel');
    const card = within(panel).getByRole('heading', { name: 'Central Maine Power' }).closest('li')!;
    expect(within(card).getByText('Default amount').nextSibling).toHaveTextContent('None');
  });
  it('shows the AutoPay amount on Quick Pay, and names the account AutoPay pays from', async () => {
    storeSession();
    const savings = account({
      id: 'a2',
      name: 'High Yield Savings',
      account_name: 'High Yield Savings',
      type: 'savings',
    });
    serve({
      accounts: [account(), savings],
      payees: [
        payee({
          default_amount: 85.4,
          autopay_enabled: true,
          autopay_day: 28,
          autopay_amount: 90,
          autopay_account_id: 'a2',
          next_payment: { date: '2026-12-28', amount: 90 },
        }),
      ],
      payments: [
        {
          id: 'autopay-p1-2026-12-28',
          payment_id: 'p1',
          source: 'autopay',
          payee_id: 'p1',
          payee_name: 'Central Maine Power',
          category: 'utilities',
          category_label: 'Utilities',
          from_account_id: 'a2',
          account_name: 'High Yield Savings',
          amount: 90,
          formatted_amount: '$90.00',
          scheduled_date: '2026-12-28',
          memo: null,
          is_recurring: true,
          recurring_frequency: 'monthly',
          recurring_end_date: null,
          status: 'scheduled',
        },
      ],
    });
    renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
    const quickPay = await screen.findByRole('region', { name: 'Quick Pay' });
    // What AutoPay will pay, as Your Payees and Upcoming Payments say, not the default amount.
    expect(within(quickPay).getByText('$90.00')).toBeInTheDocument();
    expect(within(quickPay).queryByText('$85.40')).not.toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Upcoming Payments' });
    expect(
      within(upcoming).getByText(
        'Dec 28, 2026 · Monthly · AutoPay · from High Yield Savings ••3333',
      ),
    ).toBeInTheDocument();
    // The limit counts scheduled payments only: the AutoPay payment under it is said not to count.
    expect(
      within(upcoming).getByText(
        '0 of 100 scheduled payments in use (AutoPay payments are not counted)',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Manage Payees' }));
    expect(
      await screen.findByText('Pays $90.00 on day 28 of each month from High Yield Savings ••3333'),
    ).toBeInTheDocument();
  });
});
