import {
  coinsToUnits,
  cryptoSymbols,
  unitsToCoinText,
  type CryptoQuote,
  type CryptoSymbol,
} from '@bank/events';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoJobModule } from '../jobs/crypto-jobs.ts';
import {
  simulatedFeed,
  useMarketDataProvider,
  type MarketDataProvider,
} from '../market-data/index.ts';
import { cryptoSettings } from '../services/crypto.ts';

/** Fixed prices (cents per coin) so that expected amounts can be written down exactly. */
const fixedPrices: Record<CryptoSymbol, number> = {
  BTC: 5_000_000,
  ETH: 250_000,
  BNB: 60_000,
  ADA: 50,
  SOL: 15_000,
  USDC: 100,
  USDT: 100,
  DOGE: 10,
  DOT: 700,
  MATIC: 70,
};
const fixedQuote = (symbol: CryptoSymbol): CryptoQuote => ({
  symbol,
  priceCents: fixedPrices[symbol],
  change24hBps: -123,
  volume24hDollars: 1_000_000,
  marketCapDollars: 2_000_000,
});
const fixedFeed: MarketDataProvider = {
  name: 'fixed',
  quotes: async () => cryptoSymbols.map(fixedQuote),
  quote: async (symbol) => fixedQuote(symbol),
};

let bank: TestBank;
beforeAll(async () => {
  cryptoSettings.depositConfirmationMs = 1_500;
  bank = await startTestBank({ jobs: cryptoJobModule({ refreshEveryMs: 500 }) });
});
afterAll(async () => {
  useMarketDataProvider(simulatedFeed);
  await bank.stop();
});

async function customerWith(dollars: number) {
  const customer = await signedUpCustomer(bank);
  if (dollars > 0) {
    const funded = await deposit(bank, customer.accounts[0]!.account_number, dollars);
    customer.client.consistencyToken = funded.headers['x-consistency-token'];
  }
  return { ...customer, checking: customer.accounts[0]!.id };
}

async function balanceOf(client: ApiClient, accountId: string): Promise<number> {
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.balance;
}

async function portfolio(client: ApiClient) {
  return (await client.get('/api/crypto/portfolio')).body.data as {
    portfolio: {
      symbol: string;
      balance: number;
      balance_exact: string;
      current_value: number;
      current_price: number;
    }[];
    total_value: number;
  };
}

async function ledger(): Promise<{ balanced: boolean; accounts: Record<string, number> }> {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const data = (await ops.get('/api/ops/ledger')).body.data;
  return {
    balanced: data.balanced,
    accounts: Object.fromEntries(
      data.internal_accounts.map((a: { ledger_account: string; balance: number }) => [
        a.ledger_account,
        Math.round(a.balance * 100),
      ]),
    ),
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('market data', () => {
  it('records the simulated feed every refresh and serves all ten symbols', async () => {
    const { client } = await customerWith(0);
    await expect
      .poll(
        async () => (await client.get('/api/crypto/market-data')).body.data.market_data.length,
        {
          timeout: 10_000,
        },
      )
      .toBe(10);
    const data = (await client.get('/api/crypto/market-data')).body.data;
    expect(data.simulated).toBe(true);
    expect(data.market_data.map((m: { symbol: string }) => m.symbol)).toEqual([...cryptoSymbols]);
    const expected = await simulatedFeed.quotes(new Date(data.as_of));
    for (const [i, item] of data.market_data.entries()) {
      expect(item).toMatchObject({ name: expect.any(String), volume: expect.any(Number) });
      expect(cents(item.price)).toBe(expected[i]!.priceCents);
      expect(item.market_cap).toBe(expected[i]!.marketCapDollars);
      expect(typeof item.change24h).toBe('number');
    }
  });

  it('refreshes again from the installed provider', async () => {
    useMarketDataProvider(fixedFeed);
    const { client } = await customerWith(0);
    await expect
      .poll(async () => (await client.get('/api/crypto/market-data')).body.data.source, {
        timeout: 10_000,
      })
      .toBe('fixed');
    const btc = (await client.get('/api/crypto/market-data')).body.data.market_data[0];
    expect(btc).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', price: 50_000, change24h: -1.23 });
  });

  it('lists deposit methods for every coin', async () => {
    const { client } = await customerWith(0);
    const methods = (await client.get('/api/crypto/deposit-methods')).body.data.deposit_methods;
    expect(methods).toHaveLength(10);
    expect(methods[0]).toMatchObject({
      symbol: 'BTC',
      name: 'Bitcoin',
      network: 'BTC',
      min_amount: 0.001,
      address: expect.stringMatching(/^bc1q[0-9a-f]{38}$/),
    });
  });
});

describe('buying and selling', () => {
  beforeAll(() => useMarketDataProvider(fixedFeed));

  it.each([
    [{ amount_usd: 0.99 }, 'amount_usd', 'The minimum purchase is $1.00.'],
    [{ amount_usd: 0 }, 'amount_usd', 'The minimum purchase is $1.00.'],
    [
      { amount_usd: 5.001 },
      'amount_usd',
      'Please enter an amount of at least $1.00 with at most 2 decimals.',
    ],
    [
      { amount_usd: undefined },
      'amount_usd',
      'Please enter an amount of at least $1.00 with at most 2 decimals.',
    ],
    [{ bank_account_id: undefined }, 'bank_account_id', 'Please select an account.'],
    [{ symbol: 'XRP' }, 'symbol', 'Please select a supported cryptocurrency.'],
    [{ amount_usd: 1000.01 }, 'amount_usd', 'Insufficient funds'],
  ])('refuses a purchase %j under %s and changes nothing', async (override, field, message) => {
    const { client, checking } = await customerWith(1000);
    const response = await client.post('/api/crypto/buy', {
      symbol: 'BTC',
      amount_usd: 100,
      bank_account_id: checking,
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await balanceOf(client, checking)).toBe(1000);
    expect((await portfolio(client)).portfolio).toEqual([]);
  });

  it('buys with the 1% fee included in the amount, and sells less 1%', async () => {
    const { client, checking } = await customerWith(1000);
    const before = await ledger();
    const bought = await client.post('/api/crypto/buy', {
      symbol: 'btc',
      amount_usd: 100,
      bank_account_id: checking,
    });
    expect(bought.status).toBe(201);
    expect(bought.body.message).toBe('Successfully purchased 0.00198000 BTC');
    expect(bought.body.data.transaction).toMatchObject({
      type: 'buy',
      crypto_amount_exact: '0.00198000',
      price_per_unit: 50_000,
      usd_amount: 99,
      fee: 1,
      total_value: 100,
    });
    expect(await balanceOf(client, checking)).toBe(900);
    const held = await portfolio(client);
    expect(held.portfolio).toMatchObject([
      {
        symbol: 'BTC',
        balance: 0.00198,
        balance_exact: '0.00198000',
        current_value: 99,
        current_price: 50_000,
      },
    ]);
    expect(held.total_value).toBe(99);

    const sold = await client.post('/api/crypto/sell', {
      symbol: 'BTC',
      crypto_amount: 0.001,
      bank_account_id: checking,
    });
    expect(sold.status).toBe(201);
    expect(sold.body.message).toBe('Successfully sold 0.00100000 BTC');
    // 0.001 BTC at $50,000 = $50.00; fee $0.50; $49.50 credited.
    expect(sold.body.data.transaction).toMatchObject({
      usd_amount: 50,
      fee: 0.5,
      total_value: 49.5,
    });
    expect(await balanceOf(client, checking)).toBe(949.5);
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('0.00098000');

    const after = await ledger();
    expect(after.balanced).toBe(true);
    const delta = (account: string) =>
      (after.accounts[account] ?? 0) - (before.accounts[account] ?? 0);
    expect(delta('income:fees')).toBe(150);
    expect(delta('clearing:crypto')).toBe(9_900 - 5_000);

    const notes = (await client.get('/api/notifications?type=crypto')).body.data.notifications;
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['BTC sold', 'BTC purchased']);
  });

  it.each([
    [{ crypto_amount: 0 }, 'The minimum sale amount is 0.00000001.'],
    [{ crypto_amount: 0.000000001 }, 'Please enter a positive amount with at most 8 decimals.'],
    [{ crypto_amount: -1 }, 'Please enter a positive amount with at most 8 decimals.'],
    [{ crypto_amount: 0.00198001 }, 'Insufficient BTC balance: you hold 0.00198000 BTC.'],
    [{ crypto_amount: 0.00000001 }, 'This amount is worth less than $0.01 after the 1% fee.'],
    [{ symbol: 'ETH', crypto_amount: 0.1 }, 'Insufficient ETH balance: you hold 0.00000000 ETH.'],
  ])('refuses a sale %j and changes nothing', async (override, message) => {
    const { client, checking } = await customerWith(100);
    await client.post('/api/crypto/buy', {
      symbol: 'BTC',
      amount_usd: 100,
      bank_account_id: checking,
    });
    const response = await client.post('/api/crypto/sell', {
      symbol: 'BTC',
      bank_account_id: checking,
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.crypto_amount).toEqual([message]);
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('0.00198000');
    expect(await balanceOf(client, checking)).toBe(0);
  });

  it("refuses another customer's bank account with 404", async () => {
    const { client, checking } = await customerWith(100);
    const other = await customerWith(100);
    await client.post('/api/crypto/buy', {
      symbol: 'BTC',
      amount_usd: 50,
      bank_account_id: checking,
    });
    expect(
      (
        await client.post('/api/crypto/buy', {
          symbol: 'BTC',
          amount_usd: 10,
          bank_account_id: other.checking,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await client.post('/api/crypto/sell', {
          symbol: 'BTC',
          crypto_amount: 0.0001,
          bank_account_id: other.checking,
        })
      ).status,
    ).toBe(404);
    expect(await balanceOf(other.client, other.checking)).toBe(100);
  });

  it('adds up exactly over 200 random trades: coins, dollars and the books', async () => {
    const { client, checking } = await customerWith(50_000);
    const before = await ledger();
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const units: Record<string, number> = { BTC: 0, ETH: 0, DOGE: 0 };
    let debited = 0;
    let credited = 0;
    let fees = 0;
    let toClearing = 0;
    for (let i = 0; i < 200; i += 1) {
      const symbol = (['BTC', 'ETH', 'DOGE'] as const)[Math.floor(random() * 3)]!;
      // Smallest sale worth 2 cents, so that something is left after the 1% fee.
      const minSell = Math.ceil(200_000_000 / fixedPrices[symbol]);
      if (units[symbol]! <= minSell || random() < 0.55) {
        const amountCents = 100 + Math.floor(random() * 20_000);
        const response = await client.post('/api/crypto/buy', {
          symbol,
          amount_usd: amountCents / 100,
          bank_account_id: checking,
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const t = response.body.data.transaction;
        units[symbol]! += coinsToUnits(t.crypto_amount_exact)!;
        debited += amountCents;
        fees += cents(t.fee);
        toClearing += cents(t.usd_amount);
      } else {
        const sellUnits = minSell + Math.floor(random() * (units[symbol]! - minSell));
        const response = await client.post('/api/crypto/sell', {
          symbol,
          // Alternate exact decimal text and JSON numbers.
          crypto_amount: i % 2 ? unitsToCoinText(sellUnits) : Number(unitsToCoinText(sellUnits)),
          bank_account_id: checking,
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const t = response.body.data.transaction;
        expect(coinsToUnits(t.crypto_amount_exact)).toBe(sellUnits);
        units[symbol]! -= sellUnits;
        credited += cents(t.total_value);
        fees += cents(t.fee);
        toClearing -= cents(t.usd_amount);
      }
    }
    const held = (await portfolio(client)).portfolio;
    for (const symbol of ['BTC', 'ETH', 'DOGE']) {
      const row = held.find((h) => h.symbol === symbol);
      expect(coinsToUnits(row?.balance_exact ?? '0')).toBe(units[symbol]);
    }
    expect(cents(await balanceOf(client, checking))).toBe(5_000_000 - debited + credited);
    const after = await ledger();
    expect(after.balanced).toBe(true);
    expect((after.accounts['income:fees'] ?? 0) - (before.accounts['income:fees'] ?? 0)).toBe(fees);
    expect(
      (after.accounts['clearing:crypto'] ?? 0) - (before.accounts['clearing:crypto'] ?? 0),
    ).toBe(toClearing);
    const history = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(history).toHaveLength(20);
    const buys = (await client.get('/api/crypto/transactions?type=buy&symbol=eth&limit=200')).body
      .data.transactions as { type: string; symbol: string }[];
    expect(buys.length).toBeGreaterThan(0);
    expect(buys.every((t) => t.type === 'buy' && t.symbol === 'ETH')).toBe(true);
  }, 120_000);
});

describe('deposits and withdrawals', () => {
  beforeAll(() => useMarketDataProvider(fixedFeed));

  const depositForm = (overrides: Record<string, unknown> = {}) => ({
    symbol: 'ETH',
    amount: 0.5,
    tx_hash: `0x${crypto.randomUUID().replace(/-/g, '')}`,
    from_address: '0x1111222233334444555566667777888899990000',
    ...overrides,
  });

  it.each([
    [{ amount: 0.0009 }, 'amount', 'The minimum deposit is 0.001.'],
    [{ amount: undefined }, 'amount', 'Please enter a positive amount with at most 8 decimals.'],
    [{ tx_hash: '' }, 'tx_hash', 'Please enter the transaction hash.'],
    [
      { tx_hash: 'abc def' },
      'tx_hash',
      'The transaction hash may contain only letters and digits.',
    ],
    [{ from_address: undefined }, 'from_address', 'Please enter the address you sent from.'],
    [{ symbol: 'LTC' }, 'symbol', 'Please select a supported cryptocurrency.'],
  ])('refuses a deposit %j under %s', async (override, field, message) => {
    const { client } = await customerWith(0);
    const response = await client.post('/api/crypto/deposit', depositForm(override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect((await client.get('/api/crypto/transactions')).body.data.transactions).toEqual([]);
  });

  it('keeps a deposit pending until the confirmation job credits it, once', async () => {
    const { client } = await customerWith(0);
    const form = depositForm();
    const response = await client.post('/api/crypto/deposit', form);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(
      'Deposit of 0.50000000 ETH submitted. It will be credited once the network confirms it.',
    );
    const pending = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(pending).toMatchObject([
      {
        type: 'deposit',
        symbol: 'ETH',
        currency_code: 'ETH',
        crypto_amount: 0.5,
        status: 'pending',
      },
    ]);
    expect((await portfolio(client)).portfolio).toEqual([]);

    const again = await client.post('/api/crypto/deposit', { ...form, amount: 1 });
    expect(again.status).toBe(422);
    expect(again.body.errors.tx_hash).toEqual([
      'This transaction hash has already been submitted.',
    ]);

    await bank.jobs!.dispatchPending();
    await expect
      .poll(async () => (await portfolio(client)).portfolio.map((p) => p.balance_exact), {
        timeout: 10_000,
        interval: 250,
      })
      .toEqual(['0.50000000']);
    const done = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(done).toMatchObject([{ type: 'deposit', status: 'completed' }]);
    expect(done[0].executed_at).not.toBeNull();
    const notes = (await client.get('/api/notifications?type=crypto')).body.data.notifications;
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['ETH deposit confirmed']);
  });

  it('withdraws with the network fee deducted, never more than the holding', async () => {
    const { client, checking } = await customerWith(100);
    await client.post('/api/crypto/buy', {
      symbol: 'USDC',
      amount_usd: 10,
      bank_account_id: checking,
    });
    // $10.00 less $0.10 fee buys 9.9 USDC at $1.00.
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('9.90000000');
    const withdraw = (body: Record<string, unknown>) =>
      client.post('/api/crypto/withdraw', {
        symbol: 'USDC',
        to_address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
        ...body,
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0.0009 }, 'amount', 'The minimum withdrawal is 0.001.'],
      [{ amount: 9.90000001 }, 'amount', 'Insufficient USDC balance: you hold 9.90000000 USDC.'],
      [{ amount: 1 }, 'amount', 'The amount must be more than the network fee of 1.00000000 USDC.'],
      [{ amount: 2, to_address: '' }, 'to_address', 'Please enter the destination address.'],
      [
        { amount: 2, network: 'bad network' },
        'network',
        'The network may contain only letters, digits, dashes and underscores.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await withdraw(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[field]).toEqual([message]);
    }
    const sent = await withdraw({ amount: 4.5 });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(
      'Withdrawal of 4.50000000 USDC sent. A network fee of 1.00000000 USDC was deducted; 3.50000000 USDC will arrive at the destination.',
    );
    expect(sent.body.data.transaction).toMatchObject({
      network: 'ERC20',
      network_fee: 1,
      amount_received: 3.5,
    });
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('5.40000000');
    const history = (await client.get('/api/crypto/transactions?type=withdraw')).body.data
      .transactions;
    expect(history).toMatchObject([
      { type: 'withdraw', crypto_amount: 4.5, network_fee: 1, status: 'completed' },
    ]);
  });
});
