import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import CryptoTradingRoute from './crypto-trading';

afterEach(() => vi.unstubAllGlobals());

const market = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    price: 50000,
    bid: null,
    ask: null,
    change24h: 1.5,
    volume: 2_500_000_000,
    market_cap: 900_000_000_000,
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    price: 2000,
    bid: null,
    ask: null,
    change24h: -0.75,
    volume: 1_200_000_000,
    market_cap: 240_000_000_000,
  },
  {
    symbol: 'DOGE',
    name: 'Dogecoin',
    price: 0.1,
    bid: null,
    ask: null,
    change24h: 3,
    volume: 80_000_000,
    market_cap: 14_000_000_000,
  },
];

function setup(more: Parameters<typeof mockApi>[0] = {}) {
  // The test's own routes win over these.
  return mockApi({
    'GET /api/crypto/portfolio': () => ({
      portfolio: [
        {
          id: 'h1',
          symbol: 'ETH',
          name: 'Ethereum',
          balance: 0.5,
          balance_exact: '0.50000000',
          pending_balance: 0.25,
          pending_balance_exact: '0.25000000',
          current_value: 1000,
          current_price: 2000,
          change_24h: -0.75,
        },
      ],
      total_value: 1000,
      asset_count: 1,
    }),
    'GET /api/crypto/market-data': () => ({
      market_data: market,
      as_of: '2026-11-01T10:00:00.000Z',
      source: 'simulated',
      simulated: true,
    }),
    'GET /api/crypto/transactions': () => ({ transactions: [] }),
    'GET /api/crypto/deposit-methods': () => ({ deposit_methods: [] }),
    'GET /api/accounts': () => ({
      accounts: [
        account({
          id: 'chk',
          name: 'Checking',
          account_name: 'Checking',
          balance: 900,
          available_balance: 900,
          account_number: '1',
        }),
      ],
    }),
    ...more,
  });
}

/** Opens the screen and confirms a purchase of $100 of the first coin; answers the trade form. */
async function confirmPurchase(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<CryptoTradingRoute />);
  await screen.findAllByText('$1,000.00');
  await user.click(screen.getByRole('tab', { name: 'Trade' }));
  await user.type(screen.getByLabelText('Amount (USD)'), '100');
  await user.click(screen.getByRole('button', { name: /^Buy / }));
  const confirm = await screen.findByRole('dialog', { name: 'Confirm purchase' });
  await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
  return screen.getByRole('form', { name: 'Trade' });
}

describe('Crypto Trading screen', { timeout: 20_000 }, () => {
  it('searches the market, opens the trade tab on a coin and shows estimates with the 1% fee', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<CryptoTradingRoute />);
    expect(await screen.findAllByText('$1,000.00')).toHaveLength(2);
    // A deposit claim waiting for review shows beside the balance, not in the value.
    expect(screen.getByText(/0\.250000 ETH waiting for review/)).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Market' }));
    await user.type(screen.getByLabelText('Search by name or symbol'), 'doge');
    expect(screen.queryByRole('button', { name: /Trade Bitcoin/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Trade Dogecoin/ }));
    expect(screen.getByRole('tab', { name: 'Trade' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Cryptocurrency')).toHaveValue('DOGE');
    // The coin's row went with the market tab: the focus is on the amount to buy, not lost.
    await waitFor(() => expect(screen.getByLabelText('Amount (USD)')).toHaveFocus());

    await user.type(screen.getByLabelText('Amount (USD)'), '250');
    const estimate = screen.getByRole('group', { name: 'Estimate' });
    expect(within(estimate).getByText('$2.50')).toBeInTheDocument(); // 1% fee
    expect(within(estimate).getByText('$247.50')).toBeInTheDocument();
    expect(within(estimate).getByText('2475.00000000 DOGE')).toBeInTheDocument();

    // Buy or sell is one radio group: one Tab stop, and the arrow keys choose.
    expect(screen.getByRole('radio', { name: 'Sell' })).toHaveAttribute('tabindex', '-1');
    screen.getByRole('radio', { name: 'Buy' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Sell' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sell' })).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Cryptocurrency'), 'ETH');
    await user.type(screen.getByLabelText('Amount (ETH)'), '0.25');
    const sell = screen.getByRole('group', { name: 'Estimate' });
    expect(within(sell).getByText('$500.00')).toBeInTheDocument();
    expect(within(sell).getByText('$5.00')).toBeInTheDocument();
    expect(within(sell).getByText('$495.00')).toBeInTheDocument();
  });

  it('answers a sale over the holding and a purchase over the balance before any confirmation', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<CryptoTradingRoute />);
    await screen.findAllByText('$1,000.00');
    await user.click(screen.getByRole('tab', { name: 'Trade' }));
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.selectOptions(screen.getByLabelText('Cryptocurrency'), 'ETH');
    const coins = screen.getByLabelText('Amount (ETH)');
    await user.type(coins, '0.50000001');
    expect(coins).toHaveAccessibleDescription(
      /Insufficient ETH balance: you hold 0\.50000000 ETH\./,
    );
    expect(screen.queryByRole('group', { name: 'Estimate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell ETH' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm sale' })).not.toBeInTheDocument();
    expect(coins).toHaveFocus();

    // Sell all fills the whole holding, exactly.
    await user.click(screen.getByRole('button', { name: 'Sell all' }));
    expect(coins).toHaveValue(0.5);
    expect((coins as HTMLInputElement).value).toBe('0.50000000');
    expect(screen.getByRole('group', { name: 'Estimate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell ETH' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm sale' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('radio', { name: 'Buy' }));
    const dollars = screen.getByLabelText('Amount (USD)');
    await user.type(dollars, '900.01');
    expect(dollars).toHaveAccessibleDescription(/Insufficient funds/);
    await user.click(screen.getByRole('button', { name: 'Buy ETH' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm purchase' })).not.toBeInTheDocument();
    await user.clear(dollars);
    await user.type(dollars, '900');
    expect(dollars).not.toHaveAccessibleDescription(/Insufficient/);
    await user.click(screen.getByRole('button', { name: 'Buy ETH' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm purchase' })).toBeInTheDocument();
  });

  it('keeps a refused trade or withdrawal beside its button, so it can be tried again', async () => {
    const user = userEvent.setup();
    const unavailable = () => errorResponse(503, { message: 'Service temporarily unavailable' });
    setup({ 'POST /api/crypto/buy': unavailable, 'POST /api/crypto/withdraw': unavailable });
    // The notice goes after a few seconds; the reason stays above the button.
    const trade = await confirmPurchase(user);
    expect(await within(trade).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable',
    );
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(100);

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const withdraw = await screen.findByRole('dialog', { name: 'Withdraw Crypto' });
    await user.type(within(withdraw).getByLabelText('Amount'), '0.1');
    await user.type(within(withdraw).getByLabelText('Destination Address'), '0xabc123');
    await user.click(within(withdraw).getByRole('button', { name: 'Review Withdrawal' }));
    await user.click(within(withdraw).getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await within(withdraw).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable',
    );
    expect(within(withdraw).getByRole('button', { name: 'Review Withdrawal' })).toBeEnabled();
  });

  it('clears what the last purchase said when the customer switches to Sell', async () => {
    const user = userEvent.setup();
    setup({
      'POST /api/crypto/buy': () =>
        errorResponse(503, { message: 'Service temporarily unavailable' }),
    });
    const trade = await confirmPurchase(user);
    expect(await within(trade).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable',
    );

    await user.click(within(trade).getByText('Sell', { exact: true }));
    expect(within(trade).getByRole('button', { name: /^Sell / })).toBeInTheDocument();
    expect(within(trade).queryByRole('alert')).toBeNull();
  });

  it('opens the tab the address names, as after Back from a receipt opened in its history', async () => {
    setup();
    renderWithProviders(<CryptoTradingRoute />, { path: '/crypto-trading?tab=history' });
    expect(await screen.findByRole('tab', { name: 'History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('hides balances', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<CryptoTradingRoute />);
    await screen.findAllByText('$1,000.00');
    await user.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(screen.queryByText('$1,000.00')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show balances' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
  it('Start Trading leaves the focus on the coin to choose, not at the top of the page', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/crypto/portfolio': () => ({ portfolio: [], total_value: 0, asset_count: 0 }),
    });
    renderWithProviders(<CryptoTradingRoute />);
    await user.click(await screen.findByRole('button', { name: 'Start Trading' }));
    expect(screen.getByRole('tab', { name: 'Trade' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('Cryptocurrency')).toHaveFocus());
  });
  it('shows holdings still loading as loading, never "$0.00" or "No crypto assets yet"', async () => {
    setup({ 'GET /api/crypto/portfolio': () => new Promise<never>(() => {}) });
    renderWithProviders(<CryptoTradingRoute />);
    // The market has answered; the holdings have not.
    await screen.findByRole('tab', { name: 'Portfolio' });
    expect(screen.getByRole('status', { name: 'Loading your holdings' })).toBeInTheDocument();
    expect(screen.queryByText('No crypto assets yet')).not.toBeInTheDocument();
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
    expect(screen.queryByText('0 assets')).not.toBeInTheDocument();
  });

  it('says the crypto history could not be loaded rather than that there is none', async () => {
    setup({
      'GET /api/crypto/transactions': () => errorResponse(500, { message: 'Internal error' }),
    });
    renderWithProviders(<CryptoTradingRoute />, { path: '/crypto-trading?tab=history' });
    expect(
      await screen.findByText(
        'Your crypto transactions could not be loaded.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No crypto transactions yet')).not.toBeInTheDocument();
  });
  it('lists the coins held and traded to 6 decimals, cut, never rounded up', async () => {
    const user = userEvent.setup();
    const holding = {
      id: 'h2',
      symbol: 'BTC',
      name: 'Bitcoin',
      balance: 0.00151368,
      balance_exact: '0.00151368',
      pending_balance: 0,
      pending_balance_exact: '0.00000000',
      current_value: 75.68,
      current_price: 50000,
      change_24h: 1.5,
    };
    const bought = {
      id: 't1',
      type: 'buy',
      symbol: 'BTC',
      currency_code: 'BTC',
      name: 'Bitcoin',
      crypto_amount: 0.00151368,
      amount: 0.00151368,
      crypto_amount_exact: '0.00151368',
      price_per_unit: 65403.41,
      usd_amount: 100,
      total_value: 100,
      fee: 1,
      status: 'completed',
      executed_at: '2026-11-30T15:00:00.000Z',
      created_at: '2026-11-30T15:00:00.000Z',
      network_fee: 0,
      network: null,
      tx_hash: null,
      address: null,
      reference_number: null,
      deposit_address: null,
      review_note: null,
      receipt_id: null,
    };
    setup({
      'GET /api/crypto/portfolio': () => ({
        portfolio: [holding],
        total_value: 75.68,
        asset_count: 1,
      }),
      'GET /api/crypto/transactions': () => ({ transactions: [bought] }),
    });
    renderWithProviders(<CryptoTradingRoute />);
    // Rounded to six decimals it read 0.001514: more than is held, and more than can be sold.
    expect(await screen.findByText('0.001513 BTC')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('0.001513 BTC')).toBeInTheDocument();
    expect(screen.queryByText(/0\.001514 BTC/)).not.toBeInTheDocument();
  });
});
