import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
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
});
