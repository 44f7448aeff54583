import type { ScheduledTransferView } from '@bank/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { ScheduledTransfers } from './scheduled-transfers';

const weekly: ScheduledTransferView = {
  id: 's1',
  type: 'between-accounts',
  status: 'active',
  amount: 50,
  formatted_amount: '$50.00',
  memo: '',
  from_account: { id: 'chk', name: 'Everyday Checking' },
  recipient_name: 'Savings',
  recipient_detail: null,
  frequency: 'weekly',
  frequency_label: 'Every week',
  start_date: '2026-12-05',
  end_date: '2027-03-01',
  end_count: null,
  next_date: '2026-12-05',
  runs: 0,
  last_run: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('Scheduled transfers', () => {
  it('asks before cancelling, naming the plan with its months capitalised', async () => {
    mockApi({ 'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [weekly] }) });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel Between My Accounts to Savings, $50.00' }),
    );
    // The dialog's code loads when it first opens: slow on a busy machine.
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Cancel scheduled transfer?' },
      { timeout: 5000 },
    );
    expect(dialog).toHaveTextContent(
      '$50.00 to Savings, every week from Dec 5, 2026 until Mar 1, 2027: no further transfers will be made.',
    );
  });
});
