import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, payee, storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import type { PayeeView } from '@bank/contracts';
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
function serve({ secondPageFails = false, payees = [] as PayeeView[] } = {}) {
  let failures = secondPageFails ? 1 : 0;
  return fakeServer((url) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/accounts') return ok({ accounts: [account()] });
    if (url.pathname === '/api/bill-payments/payees') return ok({ payees });
    if (url.pathname === '/api/bill-payments/scheduled') return ok({ payments: [] });
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
});
