import type { ScheduledTransferView } from '@bank/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankToday } from '@bank/contracts/bank-time';
import { account } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { scheduleCountText, ScheduledTransfers } from './scheduled-transfers';

const weekly: ScheduledTransferView = {
  id: 's1',
  type: 'between-accounts',
  status: 'active',
  amount: 50,
  formatted_amount: '$50.00',
  memo: '',
  from_account: { id: 'chk', name: 'Everyday Checking' },
  to_account: { id: 'sav' },
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

/** Presses the button and waits for its dialog, whose code loads then: slow on a busy machine. */
async function openDialog(button: string | RegExp, role: 'dialog' | 'alertdialog', name: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole(role, { name }, { timeout: 5000 });
}

describe('Scheduled transfers', () => {
  it('counts the active schedules in a sentence, and says when no more can be added', () => {
    expect(scheduleCountText(1)).toBe('1 active scheduled transfer. You can have up to 100.');
    expect(scheduleCountText(7)).toBe('7 active scheduled transfers. You can have up to 100.');
    expect(scheduleCountText(100)).toBe(
      '100 active scheduled transfers, the most you can have. Cancel one to schedule another.',
    );
  });

  it('offers Try again when the list fails to load', async () => {
    let fail = true;
    mockApi({
      'GET /api/transfers/scheduled': () =>
        fail
          ? errorResponse(503, { message: 'Service unavailable' })
          : { scheduled_transfers: [weekly] },
    });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: /^Cancel / })).toBeInTheDocument();
  });

  it('names each transfer’s buttons apart by its plan and memo, and shows the memo', async () => {
    const once = (id: string, next_date: string, memo = '') => ({
      ...weekly,
      id,
      memo,
      frequency: null,
      frequency_label: 'Once',
      end_date: null,
      start_date: next_date,
      next_date,
    });
    mockApi({
      'GET /api/transfers/scheduled': () => ({
        scheduled_transfers: [
          once('a', '2027-03-01'),
          once('b', '2027-04-01'),
          once('c', '2027-04-01', 'Rent'),
        ],
      }),
    });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    await screen.findByText('Memo: Rent');
    const names = screen
      .getAllByRole('button', { name: /^Edit / })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Edit Between My Accounts to Savings, $50.00, once on Mar 1, 2027',
      'Edit Between My Accounts to Savings, $50.00, once on Apr 1, 2027',
      'Edit Between My Accounts to Savings, $50.00, once on Apr 1, 2027, Rent',
    ]);
  });

  it('tells apart own accounts of one name by their last four digits, and says where it is paid from', async () => {
    const business = (id: string, last4: string) =>
      account({
        id,
        name: 'Business Checking',
        account_name: 'Business Checking',
        type: 'business',
        account_number: `55550000${last4}`,
        formatted_account_number: `****${last4}`,
      });
    const accounts = [
      account({ id: 'chk', account_number: '111122229478', formatted_account_number: '****9478' }),
      business('b1', '9501'),
      business('b2', '9502'),
    ];
    mockApi({
      'GET /api/transfers/scheduled': () => ({
        scheduled_transfers: [
          {
            ...weekly,
            from_account: { id: 'chk', name: 'Premium Checking' },
            to_account: { id: 'b2' },
            recipient_name: 'Business Checking',
          },
        ],
      }),
    });
    renderWithProviders(<ScheduledTransfers accounts={accounts} />);
    expect(await screen.findByText('To Business Checking ••9502')).toBeInTheDocument();
    expect(screen.getByText('From Premium Checking ••9478')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit / })).toHaveAccessibleName(
      /^Edit Between My Accounts to Business Checking ••9502, \$50\.00, /,
    );
  });

  it('writes a recipient’s phone number as the review did, not as bare digits', async () => {
    const toPhone = {
      ...weekly,
      type: 'same-bank' as const,
      to_account: null,
      recipient_name: 'Dana Whitfield',
      recipient_detail: '2075550143',
    };
    const toEmail = { ...toPhone, id: 's2', recipient_detail: 'dana@example.com' };
    mockApi({
      'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [toPhone, toEmail] }),
    });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    expect(await screen.findByText('To Dana Whitfield ((207) 555-0143)')).toBeInTheDocument();
    expect(screen.getByText('To Dana Whitfield (dana@example.com)')).toBeInTheDocument();
  });

  it('shows a transfer the bank stopped as stopped, with why, and nothing to edit or cancel', async () => {
    const stopped: ScheduledTransferView = {
      ...weekly,
      status: 'stopped',
      next_date: null,
      runs: 1,
      last_run: {
        date: '2026-12-05',
        status: 'failed',
        reference_number: null,
        failure_reason: 'The account is no longer available.',
      },
    };
    mockApi({ 'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [stopped] }) });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    expect(
      await screen.findByText('Every week from Dec 5, 2026 until Mar 1, 2027 · Stopped'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Failed Dec 5, 2026: The account is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Cancel) / })).not.toBeInTheDocument();
  });

  it('asks before cancelling, naming the plan with its months capitalised', async () => {
    mockApi({ 'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [weekly] }) });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    const dialog = await openDialog(
      'Cancel Between My Accounts to Savings, $50.00, every week from Dec 5, 2026 until Mar 1, 2027',
      'alertdialog',
      'Cancel scheduled transfer?',
    );
    expect(dialog).toHaveTextContent(
      '$50.00 to Savings, every week from Dec 5, 2026 until Mar 1, 2027: no further transfers will be made.',
    );
  });

  it('edits without offering the account it pays into, and says a refusal once', async () => {
    const refusal = 'The daily limit for this transfer type is exceeded.';
    mockApi({
      // Due today, so the transfer form's date rules let it through to the bank.
      'GET /api/transfers/scheduled': () => ({
        scheduled_transfers: [{ ...weekly, next_date: bankToday() }],
      }),
      'PUT /api/transfers/scheduled/s1': () =>
        errorResponse(422, { message: refusal, errors: { amount: [refusal] } }),
    });
    const accounts = [
      account({
        id: 'chk',
        name: 'Everyday Checking',
        account_name: 'Everyday Checking',
        formatted_account_number: '****0001',
      }),
      account({
        id: 'sav',
        name: 'Savings',
        account_name: 'Savings',
        type: 'savings',
        formatted_account_number: '****0002',
      }),
      account({
        id: 'mm',
        name: 'Money Market',
        account_name: 'Money Market',
        type: 'savings',
        formatted_account_number: '****0003',
      }),
    ];
    renderWithProviders(<ScheduledTransfers accounts={accounts} />);
    const dialog = await openDialog(
      'Edit Between My Accounts to Savings ••0002, $50.00, every week from Dec 5, 2026 until Mar 1, 2027',
      'dialog',
      'Edit scheduled transfer',
    );
    const from = within(dialog).getByLabelText('From Account');
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyday Checking ••0001', 'Money Market ••0003']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getAllByText(refusal)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveFocus();
  });

  describe('Edit', () => {
    // Due today, so the transfer form's date rules accept it whatever day the test runs.
    const dueToday: ScheduledTransferView = { ...weekly, next_date: bankToday(), end_date: null };
    const accounts = [
      account({ id: 'chk', name: 'Everyday Checking', formatted_account_number: '****0001' }),
    ];

    it('refuses an amount under the minimum before asking the bank, focusing it', async () => {
      const { calls } = mockApi({
        'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [dueToday] }),
        'PUT /api/transfers/scheduled/s1': () => ({ scheduled_transfer: dueToday }),
      });
      renderWithProviders(<ScheduledTransfers accounts={accounts} />);
      const dialog = await openDialog(/^Edit /, 'dialog', 'Edit scheduled transfer');
      const amount = within(dialog).getByLabelText('Amount (USD)');
      await userEvent.clear(amount);
      await userEvent.type(amount, '0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(
        await within(dialog).findByText('Please enter an amount of at least $5.00'),
      ).toBeInTheDocument();
      expect(amount).toHaveFocus();

      await userEvent.clear(amount);
      await userEvent.type(amount, '5.001');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(
        await within(dialog).findByText('Please enter an amount with at most 2 decimal places'),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    });

    it('puts the focus in the field the bank refuses', async () => {
      const refusal = 'The next transfer date is a bank holiday.';
      mockApi({
        'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [dueToday] }),
        'PUT /api/transfers/scheduled/s1': () =>
          errorResponse(422, { message: refusal, errors: { transferDate: [refusal] } }),
      });
      renderWithProviders(<ScheduledTransfers accounts={accounts} />);
      const dialog = await openDialog(/^Edit /, 'dialog', 'Edit scheduled transfer');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Next Transfer Date')).toHaveFocus();
    });
  });

  it('cancels once on a double click of Cancel transfer', async () => {
    const { calls } = mockApi({
      'GET /api/transfers/scheduled': () => ({ scheduled_transfers: [weekly] }),
      'DELETE /api/transfers/scheduled/s1': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return null;
      },
    });
    renderWithProviders(<ScheduledTransfers accounts={[]} />);
    const dialog = await openDialog(/^Cancel /, 'alertdialog', 'Cancel scheduled transfer?');
    // A real double click: the second click arrives before the page has redrawn the button busy.
    const confirm = within(dialog).getByRole('button', { name: 'Cancel transfer' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
