import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { mockApi, renderWithProviders, stepUpRequired } from '@/testing/render-with-providers';
import type { Holding } from '../api/get-portfolio';
import { WithdrawDialog } from './wallet-dialogs';

afterEach(() => vi.unstubAllGlobals());

const held = (price: number): Holding => ({
  id: 'h1',
  symbol: 'BTC',
  name: 'Bitcoin',
  balance: 0.01,
  balance_exact: '0.01000000',
  pending_balance: 0,
  pending_balance_exact: '0.00000000',
  current_price: price,
  current_value: price / 100,
  change_24h: 0,
});

let refreshPrices = () => {};

/** The crypto screen's part: its holdings come again, at new prices, every 30 seconds. */
function Screen() {
  const [holdings, setHoldings] = useState([held(65_000)]);
  refreshPrices = () => setHoldings([held(65_100)]);
  return <WithdrawDialog open onOpenChange={() => {}} holdings={holdings} methods={[]} />;
}

describe('WithdrawDialog', () => {
  it('keeps what the customer typed when the holdings refresh while it is open', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    const amount = await screen.findByLabelText('Amount');
    await user.type(amount, '0.005');
    await user.type(screen.getByLabelText('Destination Address'), 'bc1qexampleaddress0000');
    act(() => refreshPrices());
    expect(screen.getByLabelText('Amount')).toHaveValue(0.005);
    expect(screen.getByLabelText('Destination Address')).toHaveValue('bc1qexampleaddress0000');
  });

  const withdrawn = {
    transaction: {
      id: 'w1',
      type: 'withdraw',
      symbol: 'BTC',
      crypto_amount: 0.005,
      crypto_amount_exact: '0.00500000',
      network_fee: 0.0002,
      amount_received: 0.0048,
      usd_amount: 325,
      network: 'BTC',
      to_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      status: 'completed',
    },
  };

  /** Fills the form for a withdrawal to an address never used, and confirms the review. */
  async function confirmWithdrawal(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Amount'), '0.005');
    await user.type(
      screen.getByLabelText('Destination Address'),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await user.click(screen.getByRole('button', { name: 'Review Withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Withdrawal' }));
    return screen.findByRole('dialog', { name: 'Confirm it’s you' });
  }

  it('asks "Confirm it’s you" for a new address, then sends the same request once confirmed', async () => {
    let steppedUp = false;
    const api = mockApi({
      'POST /api/crypto/withdraw': () => (steppedUp ? withdrawn : stepUpRequired()),
      'POST /api/step-up': () => {
        steppedUp = true;
        return { stepped_up_at: new Date().toISOString() };
      },
    });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <>
        <StepUpDialog />
        <WithdrawDialog open onOpenChange={onOpenChange} holdings={[held(65_000)]} methods={[]} />
      </>,
    );
    const confirm = await confirmWithdrawal(user);
    await user.type(within(confirm).getByLabelText('Password'), 'Harborview-Demo-2026');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = api.calls.filter((c) => c.path === '/api/crypto/withdraw');
    expect(sent).toHaveLength(2);
    // The retry is the same request: the same Idempotency-Key, so it is sent at most once.
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });

  it('takes a cancelled "Confirm it’s you" as the customer’s choice: the review stays, no error', async () => {
    mockApi({ 'POST /api/crypto/withdraw': () => stepUpRequired() });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <StepUpDialog />
        <WithdrawDialog open onOpenChange={() => {}} holdings={[held(65_000)]} methods={[]} />
      </>,
    );
    const confirm = await confirmWithdrawal(user);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull(),
    );
    const withdraw = screen.getByRole('dialog', { name: 'Withdraw Crypto' });
    expect(within(withdraw).getByRole('button', { name: 'Confirm Withdrawal' })).toBeEnabled();
    expect(within(withdraw).queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
  });
});
