import {
  coinsToUnits,
  cryptoAssets,
  cryptoSymbols,
  isValidNetworkAddress,
  microUsdToDollars,
  unitsToCoinText,
  type CryptoSymbol,
} from '@bank/events';
import {
  ageStepUp,
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoJobModule } from '../jobs/crypto-jobs.ts';
import {
  BUCKET_MS,
  simulatedFeed,
  useMarketDataProvider,
  type MarketDataProvider,
  type TradeQuote,
} from '../market-data/index.ts';
import { cryptoSettings, cryptoStreams } from '../services/crypto.ts';

/**
 * Fixed prices (cents per coin) with no spread, so that expected amounts can be written down
 * exactly.
 */
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
const fixedQuote = (symbol: CryptoSymbol): TradeQuote => ({
  symbol,
  priceCents: fixedPrices[symbol],
  priceMicroUsd: fixedPrices[symbol] * 10_000,
  bidMicroUsd: fixedPrices[symbol] * 10_000,
  askMicroUsd: fixedPrices[symbol] * 10_000,
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

/** Events that name the customer: a refused request adds none. */
async function eventsNaming(customerId: string): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1',
    [`%${customerId}%`],
  );
  return rows[0]!.n;
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

/** Coins in the bank's custody for a symbol (units), as GET /api/ops/ledger reports them. */
async function custody(symbol: CryptoSymbol): Promise<number> {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const coins = (await ops.get('/api/ops/ledger')).body.data.crypto as {
    symbol: string;
    custody_units: string;
  }[];
  return Number(coins.find((c) => c.symbol === symbol)?.custody_units ?? 0);
}

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
      // Prices finer than a cent: the mid in millionths of a dollar, with the bid and ask.
      expect(item.price).toBe(microUsdToDollars(expected[i]!.priceMicroUsd));
      expect(item.bid).toBeLessThan(item.price);
      expect(item.ask).toBeGreaterThan(item.price);
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

  it('lists deposit methods for every coin, each address valid on its network', async () => {
    const { client } = await customerWith(0);
    const methods = (await client.get('/api/crypto/deposit-methods')).body.data.deposit_methods;
    expect(methods).toHaveLength(10);
    expect(methods[0]).toMatchObject({
      symbol: 'BTC',
      name: 'Bitcoin',
      network: 'BTC',
      min_amount: 0.001,
      address: expect.stringMatching(/^bc1q/),
    });
    for (const method of methods as { symbol: CryptoSymbol; address: string }[]) {
      const network = cryptoAssets[method.symbol].network;
      expect(isValidNetworkAddress(network, method.address), method.address).toBe(true);
    }
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
    [{ amount_usd: 1e15 }, 'amount_usd', 'You have exceeded your daily transaction limit.'],
    [
      { amount_usd: '1000000000000000' },
      'amount_usd',
      'You have exceeded your daily transaction limit.',
    ],
    [
      { amount_usd: '1e15' },
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
    // Text is written as dollar amounts are: plain decimals, at most 8 of them.
    ...['1e-3', '1E-3', '0.001e0', '+0.001', '-0.001', '0x10', '.5', '0.000000001'].map(
      (text): [Record<string, unknown>, string] => [
        { crypto_amount: text },
        'Please enter a positive amount with at most 8 decimals.',
      ],
    ),
  ])('refuses a sale %j and changes nothing', async (override, message) => {
    const { client, checking, user } = await customerWith(100);
    await client.post('/api/crypto/buy', {
      symbol: 'BTC',
      amount_usd: 100,
      bank_account_id: checking,
    });
    const before = await eventsNaming(user.id);
    const response = await client.post('/api/crypto/sell', {
      symbol: 'BTC',
      bank_account_id: checking,
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.crypto_amount).toEqual([message]);
    expect(await eventsNaming(user.id)).toBe(before);
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('0.00198000');
    expect(await balanceOf(client, checking)).toBe(0);
  });

  it('refuses amounts written in exponents, hex or binary with 422, and changes nothing', async () => {
    const { client, checking } = await customerWith(100);
    const refused = async (path: string, body: Record<string, unknown>) => {
      const response = await client.post(path, {
        symbol: 'BTC',
        bank_account_id: checking,
        ...body,
      });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
    };
    for (const amount of ['1e-99999999', '1e999999999', '1e-80000']) {
      await refused('/api/crypto/sell', { crypto_amount: amount });
      await refused('/api/crypto/withdraw', {
        amount,
        to_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
      await refused('/api/crypto/deposit', {
        symbol: 'ETH',
        amount,
        tx_hash: `0x${'ab'.repeat(32)}`,
        from_address: '0x1111222233334444555566667777888899990000',
      });
    }
    for (const amount_usd of ['0x64', '0b11', '0o7', '1e1'])
      await refused('/api/crypto/buy', { amount_usd });
    expect(await balanceOf(client, checking)).toBe(100);
    expect((await portfolio(client)).portfolio.filter((p) => p.balance > 0)).toEqual([]);
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

const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

function opsClient(): ApiClient {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  return ops;
}

async function reviewQueue(ops: ApiClient) {
  return (await ops.get('/api/ops/crypto-deposits')).body.data.crypto_deposits as {
    id: string;
    customer_id: string;
    symbol: string;
    amount: string;
    tx_hash: string;
    from_address: string;
    deposit_address: string;
  }[];
}

describe('deposits and withdrawals', () => {
  beforeAll(() => useMarketDataProvider(fixedFeed));

  const depositForm = (overrides: Record<string, unknown> = {}) => ({
    symbol: 'ETH',
    amount: 0.5,
    tx_hash: `0x${hex(64)}`,
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
    [
      { tx_hash: 'made1up2hash' },
      'tx_hash',
      'This is not a valid Ethereum (ERC20) transaction hash.',
    ],
    [{ from_address: 'attacker' }, 'from_address', 'This is not a valid Ethereum (ERC20) address.'],
    [
      { symbol: 'BTC', from_address: '0x1111222233334444555566667777888899990000' },
      'from_address',
      'This is not a valid Bitcoin address.',
    ],
    // Worth $125,000.00 at $2,500.00 an ETH: over the most one deposit may be worth.
    [{ amount: 50 }, 'amount', 'A single deposit can be worth at most $100,000.00.'],
  ])('refuses a deposit %j under %s', async (override, field, message) => {
    const { client } = await customerWith(0);
    const response = await client.post('/api/crypto/deposit', depositForm(override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect((await client.get('/api/crypto/transactions')).body.data.transactions).toEqual([]);
  });

  it('refuses the claim that minted 90,000,050 BTC, and credits no claim by itself', async () => {
    const { client, checking } = await customerWith(0);
    const minted = await client.post('/api/crypto/deposit', {
      symbol: 'BTC',
      amount: 90_000_050,
      tx_hash: hex(64),
      from_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(minted.status).toBe(422);
    expect(minted.body.errors.amount).toEqual([
      'A single deposit can be worth at most $100,000.00.',
    ]);
    const claimed = await client.post('/api/crypto/deposit', {
      symbol: 'BTC',
      amount: 1.5,
      tx_hash: hex(64),
      from_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(claimed.status).toBe(201);
    // No timer credits a claim: the jobs run and the coins stay pending, never spendable.
    await bank.jobs!.dispatchPending();
    expect((await portfolio(client)).portfolio).toMatchObject([
      { symbol: 'BTC', balance_exact: '0.00000000', pending_balance_exact: '1.50000000' },
    ]);
    expect((await portfolio(client)).total_value).toBe(0);
    const sell = await client.post('/api/crypto/sell', {
      symbol: 'BTC',
      crypto_amount: 1,
      bank_account_id: checking,
    });
    expect(sell.status).toBe(422);
    expect(sell.body.errors.crypto_amount).toEqual([
      'Insufficient BTC balance: you hold 0.00000000 BTC.',
    ]);
    const withdraw = await client.post('/api/crypto/withdraw', {
      symbol: 'BTC',
      amount: 1,
      to_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(withdraw.status).toBe(422);
    expect(await balanceOf(client, checking)).toBe(0);
  });

  it('keeps a claim pending until operations approves it, once; a rejected one credits nothing', async () => {
    const { client } = await customerWith(0);
    const ops = opsClient();
    const form = depositForm();
    const response = await client.post('/api/crypto/deposit', form);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(
      'Deposit of 0.50000000 ETH submitted. It will be credited once our operations team has verified the transaction on the network.',
    );
    const depositId = response.body.data.transaction.id as string;
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
    expect((await portfolio(client)).portfolio).toMatchObject([
      { symbol: 'ETH', balance_exact: '0.00000000', pending_balance_exact: '0.50000000' },
    ]);

    const again = await client.post('/api/crypto/deposit', { ...form, amount: 1 });
    expect(again.status).toBe(422);
    expect(again.body.errors.tx_hash).toEqual([
      'This transaction hash has already been submitted.',
    ]);
    // The same Ethereum transaction claimed as another coin of its network, or by someone else.
    const stranger = await customerWith(0);
    for (const [claimant, symbol] of [
      [client, 'USDC'],
      [stranger.client, 'USDT'],
      [stranger.client, 'ETH'],
    ] as const) {
      const reclaimed = await claimant.post('/api/crypto/deposit', { ...form, symbol, amount: 1 });
      expect(reclaimed.status, symbol).toBe(422);
      expect(reclaimed.body.errors.tx_hash).toEqual([
        'This transaction hash has already been submitted.',
      ]);
    }

    // Only operations may review: the customer's own token is refused.
    expect((await client.post(`/api/ops/crypto-deposits/${depositId}/approve`)).status).toBe(403);
    expect((await client.get('/api/ops/crypto-deposits')).status).toBe(403);
    const queued = (await reviewQueue(ops)).find((d) => d.id === depositId);
    expect(queued).toMatchObject({
      symbol: 'ETH',
      amount: '0.50000000',
      tx_hash: form.tx_hash,
      from_address: form.from_address,
    });
    expect(isValidNetworkAddress('ERC20', queued!.deposit_address)).toBe(true);

    const before = await custody('ETH');
    const approved = await ops.post(`/api/ops/crypto-deposits/${depositId}/approve`);
    expect(approved.status).toBe(200);
    client.consistencyToken = approved.headers['x-consistency-token'];
    expect((await portfolio(client)).portfolio.map((p) => p.balance_exact)).toEqual(['0.50000000']);
    const done = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(done).toMatchObject([{ type: 'deposit', status: 'completed' }]);
    expect(done[0].executed_at).not.toBeNull();
    expect((await reviewQueue(ops)).some((d) => d.id === depositId)).toBe(false);
    expect((await custody('ETH')) - before).toBe(50_000_000);
    const twice = await ops.post(`/api/ops/crypto-deposits/${depositId}/approve`);
    expect(twice.status).toBe(409);
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('0.50000000');

    const other = await client.post('/api/crypto/deposit', depositForm({ amount: 2 }));
    const rejected = await ops.post(
      `/api/ops/crypto-deposits/${other.body.data.transaction.id}/reject`,
      {
        reason: 'No such transaction on the network.',
      },
    );
    expect(rejected.status).toBe(200);
    client.consistencyToken = rejected.headers['x-consistency-token'];
    expect((await portfolio(client)).portfolio[0]).toMatchObject({
      balance_exact: '0.50000000',
      pending_balance_exact: '0.00000000',
    });
    const history = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(history[0]).toMatchObject({
      status: 'failed',
      review_note: 'No such transaction on the network.',
    });
    const notes = (await client.get('/api/notifications?type=crypto')).body.data.notifications;
    expect(notes.map((n: { title: string }) => n.title)).toEqual([
      'ETH deposit rejected',
      'ETH deposit confirmed',
    ]);
    expect((await ops.post(`/api/ops/crypto-deposits/${crypto.randomUUID()}/approve`)).status).toBe(
      404,
    );
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
      [{ amount: 2, network: 'SOL' }, 'network', 'USDC can only be sent on the ERC20 network.'],
      [
        { amount: 2, to_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        'to_address',
        'This is not a valid Ethereum (ERC20) address.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await withdraw(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[field]).toEqual([message]);
    }
    const before = await custody('USDC');
    const sent = await withdraw({ amount: 4.5, network: 'erc20' });
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
    expect((await custody('USDC')) - before).toBe(-450_000_000);
    const history = (await client.get('/api/crypto/transactions?type=withdraw')).body.data
      .transactions;
    expect(history).toMatchObject([
      { type: 'withdraw', crypto_amount: 4.5, network_fee: 1, status: 'completed' },
    ]);
  });
});

/**
 * A withdrawal cannot be undone, and a stolen session would send the coins to a wallet of its own:
 * the first withdrawal of a coin to an address needs a session that proved it is the customer
 * within the step-up window, as the first payment to a new bank account does.
 */
describe('step-up before withdrawing to a new address', () => {
  beforeAll(() => useMarketDataProvider(fixedFeed));

  const first = `0x${'cd'.repeat(20)}`;
  const second = `0x${'ef'.repeat(20)}`;

  async function holdingEth() {
    const customer = await customerWith(1000);
    const bought = await customer.client.post('/api/crypto/buy', {
      symbol: 'ETH',
      amount_usd: 500,
      bank_account_id: customer.checking,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    return customer;
  }

  const withdraw = (client: ApiClient, toAddress: string, key = crypto.randomUUID()) =>
    client.post(
      '/api/crypto/withdraw',
      { symbol: 'ETH', amount: '0.011', to_address: toAddress, network: 'ERC20' },
      { 'Idempotency-Key': key },
    );

  async function walletVersion(customerId: string): Promise<number> {
    const { rows } = await bank.ownerPool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE stream_id = $1',
      [cryptoStreams.wallet(customerId)],
    );
    return rows[0]!.n;
  }

  /** Refused for step-up, with no coin moved: not the holding, the custody nor the wallet. */
  async function refusedForStepUp(
    c: Awaited<ReturnType<typeof holdingEth>>,
    send: () => ReturnType<typeof withdraw>,
  ) {
    const held = (await portfolio(c.client)).portfolio[0]!.balance_exact;
    const custodyBefore = await custody('ETH');
    const version = await walletVersion(c.user.id);
    const response = await send();
    expect(response.status, JSON.stringify(response.body)).toBe(403);
    expect(response.body.code).toBe('STEP_UP_REQUIRED');
    expect((await portfolio(c.client)).portfolio[0]!.balance_exact).toBe(held);
    expect(await custody('ETH')).toBe(custodyBefore);
    expect(await walletVersion(c.user.id)).toBe(version);
  }

  async function stepUp(c: Awaited<ReturnType<typeof holdingEth>>) {
    const response = await c.client.post('/api/step-up', { password: c.payload.password });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  it('needs step-up for an address never withdrawn to; not for one withdrawn to before', async () => {
    const c = await holdingEth();
    await ageStepUp(bank, c.user.id);
    await refusedForStepUp(c, () => withdraw(c.client, first));
    await stepUp(c);
    expect((await withdraw(c.client, first)).status).toBe(201);

    await ageStepUp(bank, c.user.id);
    // Withdrawn to once, the address is known, in any case of its hex digits.
    const again = await withdraw(c.client, first.toUpperCase().replace('0X', '0x'));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await refusedForStepUp(c, () => withdraw(c.client, second));
    // Known for ETH only: USDC sent to the same address is a first withdrawal of that coin.
    await refusedForStepUp(c, () =>
      c.client.post(
        '/api/crypto/withdraw',
        { symbol: 'USDC', amount: '2', to_address: first },
        { 'Idempotency-Key': crypto.randomUUID() },
      ),
    );
  });

  it('replays an accepted withdrawal from a stale session; a refused key goes through after step-up', async () => {
    const c = await holdingEth();
    const key = crypto.randomUUID();
    const sent = await withdraw(c.client, second, key);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await ageStepUp(bank, c.user.id);
    const replayed = await withdraw(c.client, second, key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(sent.body);

    // A refusal stores nothing under its key: the same request after step-up is sent.
    const refusedKey = crypto.randomUUID();
    await refusedForStepUp(c, () => withdraw(c.client, first, refusedKey));
    await stepUp(c);
    const retried = await withdraw(c.client, first, refusedKey);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the money pipeline', () => {
  beforeAll(() => useMarketDataProvider(fixedFeed));

  it('buys once per Idempotency-Key, replays the answer, and refuses the key for another body', async () => {
    const { client, checking } = await customerWith(1000);
    const headers = { 'idempotency-key': 'crypto-buy-1' };
    const body = { symbol: 'BTC', amount_usd: 100, bank_account_id: checking };
    const first = await client.post('/api/crypto/buy', body, headers);
    const second = await client.post('/api/crypto/buy', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(client, checking)).toBe(900);
    const reused = await client.post('/api/crypto/buy', { ...body, amount_usd: 101 }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(client, checking)).toBe(900);
    expect((await portfolio(client)).portfolio[0]!.balance_exact).toBe('0.00198000');
  });

  it('moves each of sell, deposit and withdraw once per key', async () => {
    const { client, checking } = await customerWith(1000);
    await client.post('/api/crypto/buy', {
      symbol: 'USDC',
      amount_usd: 500,
      bank_account_id: checking,
    });
    const sell = { symbol: 'USDC', crypto_amount: 10, bank_account_id: checking };
    const withdraw = {
      symbol: 'USDC',
      amount: 20,
      to_address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
    };
    const deposit = {
      symbol: 'USDC',
      amount: 5,
      tx_hash: `0x${hex(64)}`,
      from_address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
    };
    for (const [url, body] of [
      ['/api/crypto/sell', sell],
      ['/api/crypto/withdraw', withdraw],
      ['/api/crypto/deposit', deposit],
    ] as const) {
      const headers = { 'idempotency-key': `once-${url}` };
      const first = await client.post(url, body, headers);
      const again = await client.post(url, body, headers);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(again.body).toEqual(first.body);
    }
    // 495 bought, 10 sold, 20 withdrawn: 465 left; one deposit claim pending.
    expect((await portfolio(client)).portfolio).toMatchObject([
      { symbol: 'USDC', balance_exact: '465.00000000', pending_balance_exact: '5.00000000' },
    ]);
    const history = (await client.get('/api/crypto/transactions')).body.data.transactions;
    expect(history).toHaveLength(4);
  });

  it('holds purchases to the daily limit with DAILY_LIMIT_EXCEEDED', async () => {
    const { client, checking } = await customerWith(30_000);
    const buy = (amount: number) =>
      client.post('/api/crypto/buy', {
        symbol: 'ETH',
        amount_usd: amount,
        bank_account_id: checking,
      });
    expect((await buy(20_000)).status).toBe(201);
    const over = await buy(5_000.01);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(over.body.errors.amount_usd).toEqual([
      'You have exceeded your daily transaction limit.',
    ]);
    expect(await balanceOf(client, checking)).toBe(10_000);
    expect((await buy(5_000)).status).toBe(201);
  });

  it('refuses an identical purchase within a minute without a key as a duplicate', async () => {
    const { client, checking } = await customerWith(1000);
    const body = { symbol: 'BTC', amount_usd: 50, bank_account_id: checking };
    expect((await client.post('/api/crypto/buy', body)).status).toBe(201);
    const duplicate = await client.post('/api/crypto/buy', body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('DUPLICATE_TRANSACTION');
    expect(await balanceOf(client, checking)).toBe(950);
  });
});

describe('the simulated feed', () => {
  beforeAll(() => useMarketDataProvider(simulatedFeed));

  it('never pays for a buy and an immediate sale, at a spread and finer than a cent', async () => {
    const { client, checking } = await customerWith(10_000);
    for (const symbol of ['DOGE', 'ADA', 'BTC']) {
      const bought = await client.post('/api/crypto/buy', {
        symbol,
        amount_usd: 2_500,
        bank_account_id: checking,
      });
      expect(bought.status).toBe(201);
      const t = bought.body.data.transaction;
      const sold = await client.post('/api/crypto/sell', {
        symbol,
        crypto_amount: t.crypto_amount_exact,
        bank_account_id: checking,
      });
      expect(sold.status).toBe(201);
      expect(sold.body.data.transaction.total_value).toBeLessThan(2_500);
      expect(sold.body.data.transaction.price_per_unit).toBeLessThan(t.price_per_unit);
    }
    expect(await balanceOf(client, checking)).toBeLessThan(10_000);
    const trades = (await client.get('/api/crypto/transactions')).body.data.transactions as {
      price_per_unit: number;
    }[];
    // Trades execute at prices in millionths of a dollar, not whole cents.
    expect(trades.some((t) => Math.round(t.price_per_unit * 1e6) % 10_000 !== 0)).toBe(true);
  });

  it('never pays for buying DOGE in one 30 s bucket and selling it in the next', async () => {
    const { client, checking } = await customerWith(1_000);
    const realClock = cryptoSettings.now;
    const start = Math.floor(Date.parse('2026-11-20T09:00:00Z') / BUCKET_MS);
    let key = 0;
    const trade = (url: string, body: object) =>
      client.post(url, body, { 'idempotency-key': `bucket-trade-${(key += 1)}` });
    try {
      for (let bucket = start; bucket < start + 60; bucket += 1) {
        cryptoSettings.now = () => new Date(bucket * BUCKET_MS + 29_000);
        const bought = await trade('/api/crypto/buy', {
          symbol: 'DOGE',
          amount_usd: 100,
          bank_account_id: checking,
        });
        expect(bought.status).toBe(201);
        cryptoSettings.now = () => new Date((bucket + 1) * BUCKET_MS + 1_000);
        const sold = await trade('/api/crypto/sell', {
          symbol: 'DOGE',
          crypto_amount: bought.body.data.transaction.crypto_amount_exact,
          bank_account_id: checking,
        });
        expect(sold.status).toBe(201);
        expect(sold.body.data.transaction.total_value, `bucket ${bucket}`).toBeLessThan(100);
      }
    } finally {
      cryptoSettings.now = realClock;
    }
  }, 120_000);
});
