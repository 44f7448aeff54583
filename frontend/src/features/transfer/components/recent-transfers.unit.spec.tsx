import type { TransferView } from '@bank/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import {
  errorResponse,
  mockApi,
  renderWithProviders,
  stepUpRequired,
} from '@/testing/render-with-providers';
import { RecentTransfers } from './recent-transfers';

afterEach(() => vi.unstubAllGlobals());

const sent: TransferView = {
  id: 'trf-1',
  type: 'external-bank',
  status: 'completed',
  description: 'Transfer to Sam Otis',
  amount: 300,
  fee: 3,
  total: 303,
  currency: 'USD',
  formatted_amount: '$300.00',
  reference_number: 'TRF-FIRST-0001',
  recipient_name: 'Sam Otis',
  memo: '',
  transfer_date: '2026-11-20',
  processing_time: '1-3 business days',
  from_account: { id: 'chk', name: 'Everyday Checking' },
  to_account: null,
  bank_name: 'First Federal',
  recipient_account: '****6789',
  exchange: null,
  estimated_settlement: null,
  created_at: '2026-11-20T10:00:00.000Z',
  date: '2026-11-20T10:00:00.000Z',
  country: null,
  purpose_of_payment: null,
  settled_at: '2026-11-21T10:00:00.000Z',
  failure_reason: null,
  repeat_of: null,
};

describe('Recent transfers: Repeat', () => {
  it('confirms a repeated transfer with the reference number it got and links its receipt', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/transfers/recent': () => ({ transfers: [sent] }),
      'POST /api/transfers/trf-1/repeat': () => ({
        transfer: { ...sent, id: 'trf-2', reference_number: 'TRF-AGAIN-0002', repeat_of: 'trf-1' },
      }),
    });
    renderWithProviders(<RecentTransfers />);
    await user.click(await screen.findByRole('button', { name: /^Repeat Transfer to Sam Otis/ }));
    // The dialog's code loads on first open: slower than findBy's second on a busy machine.
    await user.click(
      await screen.findByRole('button', { name: 'Confirm Repeat' }, { timeout: 5000 }),
    );

    const done = await screen.findByText('Transfer repeated');
    const notice = done.closest('.alert') as HTMLElement;
    expect(within(notice).getByText('TRF-AGAIN-0002')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/transactions/TRF-AGAIN-0002',
    );
    // The toast says it too.
    expect(await screen.findByText(/Reference number: TRF-AGAIN-0002/)).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/.{16,}/);
  });

  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, the focus back on Confirm Repeat', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/transfers/recent': () => ({ transfers: [sent] }),
      'POST /api/transfers/trf-1/repeat': () => stepUpRequired(),
    });
    renderWithProviders(
      <>
        <StepUpDialog />
        <RecentTransfers />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: /^Repeat Transfer to Sam Otis/ }));
    const again = await screen.findByRole('button', { name: 'Confirm Repeat' }, { timeout: 5000 });
    await user.click(again);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull(),
    );
    await waitFor(() => expect(again).toHaveFocus());
    await waitFor(() => expect(again).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Failed to repeat transfer. Please try again.')).toBeNull();
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
  });

  it('says the list could not be loaded, with Try again, instead of "No recent transfers"', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/transfers/recent': () =>
        fail ? errorResponse(503, { message: 'Service unavailable' }) : { transfers: [sent] },
    });
    renderWithProviders(<RecentTransfers />);
    expect(
      await screen.findByText('Your recent transfers could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No recent transfers')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: /^Repeat Transfer to Sam Otis/ }),
    ).toBeInTheDocument();
  });
});
