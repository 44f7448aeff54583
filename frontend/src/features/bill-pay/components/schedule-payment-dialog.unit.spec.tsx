import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, payee as payeeFixture } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import type { Payee } from '../api/get-payees';
import { SchedulePaymentDialog } from './schedule-payment-dialog';

afterEach(() => vi.unstubAllGlobals());

const payee: Payee = payeeFixture({ default_amount: 112.3 });

/** The dialog, open, for Pay Now on `chosen` or for Schedule Payment without it. */
const renderDialog = (chosen?: Payee) =>
  renderWithProviders(
    <SchedulePaymentDialog
      open
      onOpenChange={() => undefined}
      payees={[payee]}
      accounts={[account()]}
      payee={chosen}
    />,
  );

describe('Schedule Payment dialog', () => {
  it('confirms a payment with its amount, payee and account', async () => {
    mockApi({
      'POST /api/bill-payments/schedule': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { scheduled_date: string };
        return new Response(
          JSON.stringify({
            status: 'success',
            message: 'Payment sent successfully!',
            data: {
              payment: {
                id: 'bp1',
                payee_id: 'p1',
                payee_name: 'Central Maine Power',
                category: 'utilities',
                from_account_id: 'a1',
                amount: 112.3,
                scheduled_date: body.scheduled_date,
                memo: null,
                is_recurring: false,
                recurring_frequency: null,
                recurring_end_date: null,
                status: 'completed',
                next_payment_date: null,
                reference_number: 'BIL-TEST0001',
              },
            },
          }),
          { status: 201, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const user = userEvent.setup();
    renderDialog(payee);
    await user.click(await screen.findByRole('button', { name: 'Review Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    expect(
      within(dialog).getByText('$112.30 to Central Maine Power from Premium Checking ••3333.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('BIL-TEST0001')).toBeInTheDocument();
  });

  it('asks about paying twice, not scheduling, when the bill was already paid today', async () => {
    const sent: Record<string, unknown>[] = [];
    mockApi({
      'POST /api/bill-payments/schedule': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return errorResponse(409, {
          code: 'DUPLICATE_TRANSACTION',
          message:
            'This payment appears to be a duplicate: $112.30 to Central Maine Power was already paid today.',
        });
      },
    });
    const user = userEvent.setup();
    renderDialog(payee);
    await user.click(await screen.findByRole('button', { name: 'Review Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    const question = await screen.findByRole('region', { name: 'Pay this bill twice?' });
    expect(within(question).getByText(/was already paid today\.$/)).toBeInTheDocument();
    expect(screen.queryByText('Already scheduled?')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay It Anyway' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule It Anyway' })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('takes the focus back to the field the bank refused, with its reason', async () => {
    mockApi({
      'POST /api/bill-payments/schedule': () =>
        errorResponse(422, {
          message: 'Validation failed',
          errors: { amount: ['You have exceeded your daily transaction limit.'] },
        }),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.selectOptions(await screen.findByLabelText('Payee'), payee.id);
    await user.type(screen.getByLabelText('Amount'), '99999');
    await user.click(screen.getByRole('button', { name: 'Review Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/You have exceeded your daily transaction limit\./);
  });

  it('keeps what the customer typed when the accounts are loaded again while it is open', async () => {
    mockApi({});
    let reloadAccounts = () => {};
    function Page() {
      const [accounts, setAccounts] = useState([account()]);
      reloadAccounts = () => setAccounts([account({ balance: 900 })]);
      return (
        <SchedulePaymentDialog
          open
          onOpenChange={() => undefined}
          payees={[payee]}
          accounts={accounts}
          payee={payee}
        />
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const amount = await screen.findByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '75.25');
    await user.type(screen.getByLabelText(/Memo/), 'November bill');
    act(() => reloadAccounts());
    expect(screen.getByLabelText('Amount')).toHaveValue(75.25);
    expect(screen.getByLabelText(/Memo/)).toHaveValue('November bill');
  });

  it('opens on the amount when Pay Now chose the payee, and on the payee when it did not', async () => {
    mockApi({});
    const { unmount } = renderDialog(payee);
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveFocus());
    unmount();

    renderDialog();
    const payeeField = await screen.findByLabelText('Payee');
    await waitFor(() => expect(payeeField).toHaveFocus());
  });

  it('is titled with the payee for Pay Now, and Schedule Payment without one', async () => {
    mockApi({});
    const { unmount } = renderDialog(payee);
    expect(await screen.findByRole('dialog', { name: 'Pay Central Maine Power' })).toBeTruthy();
    unmount();

    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Schedule Payment' })).toBeTruthy();
  });
});
