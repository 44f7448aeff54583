import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { account } from '@/testing/fixtures';
import {
  errorResponse,
  mockApi,
  renderWithProviders,
  stepUpRequired,
} from '@/testing/render-with-providers';
import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { formatDay } from '@/lib/format';
import TransferRoute from './transfer';

const accounts = [
  account({
    id: 'chk',
    name: 'Everyday Checking',
    account_name: 'Everyday Checking',
    balance: 500,
    available_balance: 500,
    account_number: '100000000001',
  }),
  account({
    id: 'sav',
    name: 'Savings',
    account_name: 'Savings',
    type: 'savings',
    balance: 20,
    available_balance: 20,
    account_number: '100000000002',
  }),
];

afterEach(() => vi.unstubAllGlobals());

function setup(extra: Parameters<typeof mockApi>[0] = {}, path = '/transfer') {
  const api = mockApi({
    'GET /api/accounts': () => ({ accounts }),
    'GET /api/transfers/recent': () => ({ transfers: [] }),
    'GET /api/transfers/limits': () => ({ limits: {} }),
    ...extra,
  });
  renderWithProviders(
    <>
      <StepUpDialog />
      <TransferRoute />
    </>,
    { path },
  );
  return api;
}

/** Types a transfer to another bank, reviews it and confirms it. */
async function sendToAnotherBank(
  user: ReturnType<typeof userEvent.setup>,
  accountNumber: string,
  amount: string,
) {
  await user.click(await screen.findByRole('button', { name: /To Another Bank/ }));
  await user.selectOptions(screen.getByLabelText('From Account'), 'chk');
  await user.type(screen.getByLabelText('Recipient Name'), 'Sam Lee');
  await user.type(screen.getByLabelText('Bank Name'), 'First Bank');
  await user.type(screen.getByLabelText('Account Number'), accountNumber);
  await user.type(screen.getByLabelText('Routing Number'), '021000021');
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm Transfer' }));
}

describe('Transfer wizard', { timeout: 20_000 }, () => {
  it('takes a cancelled "Confirm it’s you" as the customer’s choice: the review stays, no error', async () => {
    const user = userEvent.setup();
    setup({
      'POST /api/transfers/between-accounts': () => stepUpRequired(),
    });
    await screen.findByText('No recent transfers');
    await user.click(screen.getByRole('button', { name: /Between My Accounts/ }));
    await user.selectOptions(screen.getByLabelText('From Account'), 'chk');
    await user.selectOptions(screen.getByLabelText('To Account'), 'sav');
    await user.type(screen.getByLabelText('Amount (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    const send = await screen.findByRole('button', { name: 'Confirm Transfer' });
    await user.click(send);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(send).toHaveFocus());
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Review your transfer' })).toBeInTheDocument();
  });

  it('validates between-accounts fields and reviews a valid transfer', async () => {
    const user = userEvent.setup();
    const api = setup({
      'POST /api/transfers/between-accounts': () => ({ transfer: { id: 't1' } }),
    });
    expect(await screen.findByText('No recent transfers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Between My Accounts/ }));
    // The checking account with money is chosen for the customer, who may still clear it.
    expect(screen.getByLabelText('From Account')).toHaveValue('chk');
    await user.selectOptions(screen.getByLabelText('From Account'), '');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(
      await screen.findByText('Please select an account to transfer from'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter an amount of at least $5.00')).toBeInTheDocument();
    expect(screen.getByText('Please select an account to transfer to')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('From Account'), 'sav');
    await user.selectOptions(screen.getByLabelText('To Account'), 'sav');
    await user.type(screen.getByLabelText('Amount (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.getByText('Cannot transfer to the same account')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('From Account'), 'chk');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(
      await screen.findByRole('heading', { name: 'Review your transfer' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Transfer' }));
    // The heading of the confirmation (the toast says the same words).
    expect(await screen.findByRole('heading', { name: 'Transfer Successful' })).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ fromAccount: 'chk', toAccount: 'sav', amount: 25 });
    expect(post?.headers['Idempotency-Key']).toMatch(/.{16,}/);
    // The confirmation replaces the form: nothing is left to send the transfer a second time.
    expect(screen.queryByRole('button', { name: 'Confirm Transfer' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says at once when the lookup finds nobody with that email, and once only after Review', async () => {
    const user = userEvent.setup();
    setup({
      'POST /api/transfers/validate-recipient': () => ({
        valid: false,
        message: 'Recipient not found',
        recipientName: null,
        recipientId: null,
      }),
    });
    await user.click(await screen.findByRole('button', { name: /To Another Customer/ }));
    await user.type(screen.getByLabelText('Recipient Email'), 'nobody@example.com');
    // No Review click yet: the answer of the lookup is enough to say so.
    expect(await screen.findByText('Recipient not found', {}, { timeout: 3000 })).toBeVisible();

    await user.type(screen.getByLabelText('Amount (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Recipient Email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('Recipient not found')).toHaveLength(1);
  });

  it('says in step 2 when a transfer dated later or repeated is sent, for every kind', async () => {
    const user = userEvent.setup();
    setup();
    const later = addDaysIso(bankToday(), 10);
    const day = formatDay(later);
    for (const [kind, now, dated] of [
      [/Between My Accounts/, 'Instant', `Sent on ${day}, arrives the same day`],
      [/To Another Customer/, 'Instant', `Sent on ${day}, arrives the same day`],
      [/To Another Bank/, '1-3 business days', `Sent on ${day}, arrives in 1-3 business days`],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: kind }));
      const meta = () => document.querySelector('.transfer__meta')?.textContent ?? '';
      await waitFor(() => expect(meta()).toMatch(new RegExp(`^${now} · `)));
      await user.clear(screen.getByLabelText('Transfer Date'));
      await user.type(screen.getByLabelText('Transfer Date'), later);
      await waitFor(() => expect(meta()).toContain(`${dated} · `));
      expect(meta()).not.toContain('Instant');
      await user.selectOptions(screen.getByLabelText('Repeat'), 'monthly');
      await waitFor(() => expect(meta()).toContain(`First s${dated.slice(1)}`));
      await user.click(screen.getByRole('button', { name: /Back/ }));
    }
    // SEPA is sent on the day it is made: its own time, never "Instant".
    await user.click(await screen.findByRole('button', { name: /SEPA Transfer/ }));
    await waitFor(() =>
      expect(document.querySelector('.transfer__meta')?.textContent).toMatch(
        /^Next business day · /,
      ),
    );
  });

  it('keeps Review disabled for SEPA until every required field holds', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: /SEPA Transfer/ }));
    const review = screen.getByRole('button', { name: 'Review Transfer' });
    expect(review).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('From Account'), 'chk');
    await user.type(screen.getByLabelText(/Recipient Name/), 'Anna Schmidt');
    await user.type(screen.getByLabelText('IBAN'), 'XX');
    await user.type(screen.getByLabelText(/^Bank Name/), 'Commerzbank');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.selectOptions(screen.getByLabelText('Purpose of Payment'), 'FAMI');
    await user.type(screen.getByLabelText('Amount (USD), sent as EUR'), '30');
    expect(review).toBeDisabled();
    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await waitFor(() => expect(review).toBeEnabled());
  });

  it('starts From at the first checking account with money, and keeps what the customer picks', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: /To Another Bank/ }));
    const from = screen.getByLabelText('From Account');
    expect(from).toHaveValue('chk');
    expect(screen.getByText('Available balance: $500.00')).toBeInTheDocument();
    await user.selectOptions(from, 'sav');
    await user.type(screen.getByLabelText('Recipient Name'), 'Sam Lee');
    expect(from).toHaveValue('sav');
    // A new type is a new form: it starts from the usual account again.
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await user.click(await screen.findByRole('button', { name: /SEPA Transfer/ }));
    expect(screen.getByLabelText('From Account')).toHaveValue('chk');
  });

  it('starts From at the account the address names', async () => {
    const user = userEvent.setup();
    setup({}, '/transfer?from=sav');
    await user.click(await screen.findByRole('button', { name: /Between My Accounts/ }));
    expect(screen.getByLabelText('From Account')).toHaveValue('sav');
  });

  it('keeps the From account chosen in the address, and passes over one that is not theirs', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/accounts': () => ({ accounts }),
      'GET /api/transfers/recent': () => ({ transfers: [] }),
      'GET /api/transfers/limits': () => ({ limits: {} }),
    });
    function Address() {
      return <output data-testid="address">{useLocation().search}</output>;
    }
    renderWithProviders(
      <>
        <TransferRoute />
        <Address />
      </>,
      { path: '/transfer?from=someone-else' },
    );
    const address = () => screen.getByTestId('address').textContent;
    await user.click(await screen.findByRole('button', { name: /Between My Accounts/ }));
    // The unknown id is passed over: the usual account is shown, and named in its place.
    expect(screen.getByLabelText('From Account')).toHaveValue('chk');
    await waitFor(() => expect(address()).toBe('?type=between-accounts&step=2&from=chk'));
    await user.selectOptions(screen.getByLabelText('From Account'), 'sav');
    await waitFor(() => expect(address()).toBe('?type=between-accounts&step=2&from=sav'));
    await user.selectOptions(screen.getByLabelText('To Account'), 'chk');
    await user.type(screen.getByLabelText('Amount (USD)'), '5');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await screen.findByRole('heading', { name: 'Review your transfer' });
    expect(address()).toBe('?type=between-accounts&step=3&from=sav');
    // Back to the types: the first step keeps the address the customer came with.
    await user.click(screen.getByRole('button', { name: 'Back to Edit' }));
    await user.click(await screen.findByRole('button', { name: /Back to transfer types/ }));
    await screen.findByRole('heading', { name: 'Choose transfer type' });
    expect(address()).toBe('?from=someone-else');
  });

  it('fills From in when a link opens the details before the accounts have loaded', async () => {
    setup({}, '/transfer?type=sepa&step=2');
    await waitFor(() => expect(screen.getByLabelText('From Account')).toHaveValue('chk'));
  });

  it('asks a SEPA amount in dollars and says what will be debited with the fee', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: /SEPA Transfer/ }));
    const amount = screen.getByLabelText('Amount (USD), sent as EUR');
    expect(amount).toHaveAccessibleDescription(/Minimum \$5\.00, plus the \$15\.00 fee\./);
    await user.type(amount, '200.5');
    expect(amount).toHaveAccessibleDescription(
      '$215.50 will be debited from your account, including the $15.00 fee. The recipient gets euros at the bank’s rate, shown before you confirm.',
    );
  });

  it('shows a refused transfer in a red box and keeps the same key for the retry', async () => {
    const user = userEvent.setup();
    const api = setup({
      'POST /api/transfers/external-bank': () =>
        errorResponse(422, {
          message: 'Your account balance is insufficient for this transaction.',
          code: 'INSUFFICIENT_FUNDS',
        }),
    });
    // $497 and the $3.00 fee are the $500 the form knows of: the bank's answer is what refuses it.
    await sendToAnotherBank(user, '12345678', '497');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account balance is insufficient for this transaction.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm Transfer' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = api.calls.filter((c) => c.method === 'POST');
    expect(first!.headers['Idempotency-Key']).toBe(second!.headers['Idempotency-Key']);
  });

  it('keeps no typed account number across a reload: asks for it again, then sends the same attempt', async () => {
    const user = userEvent.setup();
    const api = setup({
      'POST /api/transfers/external-bank': () =>
        errorResponse(503, { message: 'The bank is busy. Please try again.' }),
    });
    await sendToAnotherBank(user, '987654321', '60');
    await screen.findByRole('alert');
    expect(window.sessionStorage.getItem('draft:transfer')).not.toMatch(/98765|7654321/);

    // The tab reloads on the review.
    cleanup();
    setup({}, '/transfer?type=external-bank&step=3&from=chk');
    const number = await screen.findByLabelText('Account Number');
    expect(screen.queryByRole('heading', { name: 'Review your transfer' })).toBeNull();
    expect(number).toHaveValue('');
    expect(number).toHaveAccessibleDescription(
      'For your security, the account number is not kept when the page reloads. Please enter the account number ending in 4321 again.',
    );
    expect(screen.getByLabelText('Recipient Name')).toHaveValue('Sam Lee');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(60);
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(await screen.findByText('Please enter account number')).toBeInTheDocument();

    const again = mockApi({
      'GET /api/accounts': () => ({ accounts }),
      'GET /api/transfers/recent': () => ({ transfers: [] }),
      'GET /api/transfers/limits': () => ({ limits: {} }),
      'POST /api/transfers/external-bank': () => ({ transfer: null }),
    });
    await user.type(number, '987654321');
    expect(number).not.toHaveAccessibleDescription(/not kept/);
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Transfer' }));
    await waitFor(() => expect(again.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const [before] = api.calls.filter((c) => c.method === 'POST');
    const [after] = again.calls.filter((c) => c.method === 'POST');
    expect(after!.body).toMatchObject({ accountNumber: '987654321' });
    // The Confirm sent before the reload and this one are the one transfer.
    expect(after!.headers['Idempotency-Key']).toBe(before!.headers['Idempotency-Key']);
  });
});
