import { BILL_PAY_MESSAGES, type PayeeView } from '@bank/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, payee, storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import BillPayRoute from '../routes/bill-pay';

type Reply = { status?: number; body: unknown } | undefined;

const savings = account({
  id: 'a2',
  name: 'High Yield Savings',
  account_name: 'High Yield Savings',
  type: 'savings',
  account_number: '444455556666',
  formatted_account_number: '****6666',
  available_balance: 250,
});

/** The Bill Pay page with `payees` and `accounts`; `onAutopay` answers the AutoPay call. */
function serve(
  payees: PayeeView[],
  onAutopay: (body: Record<string, unknown>) => Reply,
  accounts = [account()],
) {
  return fakeServer((url, init) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/accounts') return ok({ accounts });
    if (url.pathname === '/api/bill-payments/payees') return ok({ payees });
    if (url.pathname === '/api/bill-payments/scheduled') return ok({ payments: [] });
    if (url.pathname === '/api/bill-payments/categories') return ok({ categories: [] });
    if (url.pathname === '/api/bill-payments/history')
      return ok({ transactions: [], next_cursor: null });
    if (url.pathname === `/api/bill-payments/payees/${payees[0]!.id}/autopay`)
      return onAutopay(JSON.parse(String(init.body)));
    return undefined;
  });
}

const answer = (body: Record<string, unknown>, message: string) =>
  ok(
    {
      autopay: {
        payee_id: 'p1',
        autopay_enabled: body.autopay_enabled,
        autopay_day: body.autopay_day ?? null,
        autopay_amount: body.autopay_amount ?? null,
        autopay_account_id: body.autopay_account_id ?? null,
        next_payment: null,
      },
    },
    message,
  );

async function openAutopay() {
  renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
  await userEvent.click(await screen.findByRole('tab', { name: 'Manage Payees' }));
  await userEvent.click(
    await screen.findByRole('button', { name: 'AutoPay for Central Maine Power' }),
  );
  return screen.findByRole('dialog', { name: 'AutoPay' });
}

describe("a payee's AutoPay", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns AutoPay on for a payee added without it, with the Add payee rules', async () => {
    storeSession();
    const calls = serve([payee()], (body) => answer(body, 'AutoPay updated successfully!'));
    const dialog = await openAutopay();
    // The fields appear only once AutoPay is enabled.
    expect(within(dialog).queryByLabelText(/AutoPay Day of Month/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Enable AutoPay'));
    const day = within(dialog).getByLabelText(/AutoPay Day of Month/);
    // An empty day is asked for, not called out of range.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(
      await within(dialog).findByText(BILL_PAY_MESSAGES.autopayDayRequired),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(BILL_PAY_MESSAGES.autopayDay)).not.toBeInTheDocument();
    // No default amount: the AutoPay amount is needed, and the day must be 1 to 31.
    await userEvent.type(day, '32');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(await within(dialog).findByText(BILL_PAY_MESSAGES.autopayDay)).toBeInTheDocument();
    expect(within(dialog).getByText(BILL_PAY_MESSAGES.autopayAmountRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.clear(day);
    await userEvent.type(day, '15');
    await userEvent.type(within(dialog).getByLabelText(/AutoPay Amount/), '42.1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(await screen.findByText('AutoPay updated successfully!')).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.path).toBe('/api/bill-payments/payees/p1/autopay');
    // It pays from the main checking account, the one the form started on.
    expect(put[0]!.body).toEqual({
      autopay_enabled: true,
      autopay_day: 15,
      autopay_amount: 42.1,
      autopay_account_id: 'a1',
    });
    expect(put[0]!.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'AutoPay' })).not.toBeInTheDocument(),
    );
  });

  it('closes without a call when AutoPay was off and is left off', async () => {
    storeSession();
    const calls = serve([payee()], (body) => answer(body, 'AutoPay turned off successfully!'));
    const dialog = await openAutopay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'AutoPay' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('AutoPay turned off successfully!')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the setting it has, turns it off, and keeps the server’s field errors', async () => {
    storeSession();
    const on = payee({
      default_amount: 80.5,
      autopay_enabled: true,
      autopay_day: 20,
      autopay_amount: null,
      autopay_account_id: 'a1',
    });
    let refuse = true;
    const calls = serve([on], (body) =>
      refuse
        ? {
            status: 422,
            body: {
              status: 'error',
              message: 'The first payment to a new payee is limited to $2,500.00.',
              code: 'DAILY_LIMIT_EXCEEDED',
              errors: {
                autopay_amount: ['The first payment to a new payee is limited to $2,500.00.'],
              },
            },
          }
        : answer(body, 'AutoPay turned off successfully!'),
    );
    renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage Payees' }));
    expect(await screen.findByText('AutoPay Enabled')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pays the default amount, $80.50 on day 20 of each month from Premium Checking ••3333',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'AutoPay for Central Maine Power' }));
    const dialog = await screen.findByRole('dialog', { name: 'AutoPay' });
    expect(within(dialog).getByLabelText('Enable AutoPay')).toBeChecked();
    expect(within(dialog).getByLabelText(/AutoPay Day of Month/)).toHaveValue(20);
    expect(
      within(dialog).getByText('Leave empty to pay the default amount ($80.50)'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/AutoPay Amount/), '2600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(
      await within(dialog).findByText('The first payment to a new payee is limited to $2,500.00.'),
    ).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByLabelText('Enable AutoPay'));
    expect(within(dialog).queryByLabelText(/AutoPay Amount/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(await screen.findByText('AutoPay turned off successfully!')).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.body)).toEqual([
      { autopay_enabled: true, autopay_day: 20, autopay_amount: 2600, autopay_account_id: 'a1' },
      { autopay_enabled: false },
    ]);
    // Another setting is another request, under a key of its own.
    expect(put[0]!.headers['Idempotency-Key']).not.toBe(put[1]!.headers['Idempotency-Key']);
  });

  it('starts on the account AutoPay pays from, changes it, and shows a refused account on it', async () => {
    storeSession();
    const on = payee({
      default_amount: 80.5,
      autopay_enabled: true,
      autopay_day: 20,
      autopay_account_id: 'a2',
    });
    let refuse = true;
    const calls = serve(
      [on],
      (body) =>
        refuse
          ? {
              status: 422,
              body: {
                status: 'error',
                message: 'The given data was invalid.',
                code: 'VALIDATION_ERROR',
                errors: { autopay_account_id: [BILL_PAY_MESSAGES.fromAccount] },
              },
            }
          : answer(body, 'AutoPay updated successfully!'),
      [account(), savings],
    );
    renderWithApp(<BillPayRoute />, { path: '/bill-pay' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage Payees' }));
    // The card names the account it pays from, as the dialog does.
    expect(
      await screen.findByText(
        'Pays the default amount, $80.50 on day 20 of each month from High Yield Savings ••6666',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'AutoPay for Central Maine Power' }));
    const dialog = await screen.findByRole('dialog', { name: 'AutoPay' });
    const from = within(dialog).getByLabelText('Pay From');
    // The savings account it pays from now, not the main checking account.
    expect(from).toHaveValue('a2');
    expect(within(dialog).getByText('Available balance: $250.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(await within(dialog).findByText(BILL_PAY_MESSAGES.fromAccount)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await userEvent.selectOptions(from, 'a1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save AutoPay' }));
    expect(await screen.findByText('AutoPay updated successfully!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { autopay_enabled: true, autopay_day: 20, autopay_account_id: 'a2' },
      { autopay_enabled: true, autopay_day: 20, autopay_account_id: 'a1' },
    ]);
  });

  it('starts on the main checking account when the account AutoPay paid from is gone', async () => {
    storeSession();
    serve(
      [
        payee({
          autopay_enabled: true,
          autopay_day: 3,
          autopay_amount: 9,
          autopay_account_id: 'x',
        }),
      ],
      () => undefined,
      [savings, account()],
    );
    const dialog = await openAutopay();
    expect(within(dialog).getByLabelText('Pay From')).toHaveValue('a1');
  });
});
