import { BILL_PAY_MESSAGES } from '@bank/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { account } from '@/testing/fixtures';
import { mockApi, renderWithProviders, stepUpRequired } from '@/testing/render-with-providers';
import { AddPayeeDialog } from './add-payee-dialog';

afterEach(() => vi.unstubAllGlobals());

const accounts = [
  account(),
  account({
    id: 'a2',
    name: 'High Yield Savings',
    account_name: 'High Yield Savings',
    type: 'savings',
  }),
];

const categories = [
  { key: 'utilities', value: 'utilities', label: 'Utilities', icon: 'zap' },
] as const;

const dialog = () => (
  <AddPayeeDialog open onOpenChange={() => {}} categories={[...categories]} accounts={accounts} />
);

/** The answer never comes. */
const unanswered = () => {
  throw new TypeError('Failed to fetch');
};

/** Types the payee's company, category and account number. */
async function fillPayee(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Company Name'), 'City Water');
  await user.selectOptions(screen.getByLabelText('Category'), 'utilities');
  await user.type(screen.getByLabelText('Account Number'), '55667788');
}

describe('Add New Payee dialog', () => {
  it('sends a retry of the same payee under the same key, and a changed payee under a new one', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/bill-payments/payees': unanswered });
    renderWithProviders(dialog());
    await fillPayee(user);
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    const add = screen.getByRole('button', { name: 'Add Payee' });

    // The answer never came: the customer presses Add again with nothing changed.
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, retry] = posts();
    expect(first!.headers['Idempotency-Key']).toBeTruthy();
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);

    // A different payee is a different request.
    await user.type(screen.getByLabelText('Account Number'), '9');
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, the payee kept', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/bill-payments/payees': () => stepUpRequired(),
    });
    renderWithProviders(
      <>
        <StepUpDialog />
        {dialog()}
      </>,
    );
    await fillPayee(user);
    const add = screen.getByRole('button', { name: 'Add Payee' });
    await user.click(add);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull(),
    );
    await waitFor(() => expect(add).toHaveFocus());
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.getByLabelText('Company Name')).toHaveValue('City Water');
  });

  it('asks which account AutoPay pays from, the main checking account unless another is picked', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/bill-payments/payees': unanswered });
    renderWithProviders(dialog());
    await fillPayee(user);
    await user.type(screen.getByLabelText('Default Amount (optional)'), '40');
    // The account appears with the rest of AutoPay, on the account bills are paid from today.
    expect(screen.queryByLabelText('Pay From')).toBeNull();
    await user.click(screen.getByLabelText('Enable AutoPay'));
    const from = screen.getByLabelText('Pay From');
    expect(from).toHaveValue('a1');
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select account', 'Premium Checking ••3333', 'High Yield Savings ••3333']);
    await user.type(screen.getByLabelText(/AutoPay Day of Month/), '12');

    // None chosen: AutoPay is not set up on an account the customer did not pick.
    await user.selectOptions(from, '');
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    expect(await screen.findByText(BILL_PAY_MESSAGES.fromAccount)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.selectOptions(from, 'a2');
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      default_amount: 40,
      autopay_enabled: true,
      autopay_day: 12,
      autopay_account_id: 'a2',
    });
  });
});
