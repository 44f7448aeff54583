import { addMonthsIso, bankDate, type CryptoSymbol, cryptoSymbols } from '@bank/events';
import { formatPosition } from '@bank/infra';
import {
  ApiClient,
  cardPurchase,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  simulatedFeed,
  useMarketDataProvider,
  type MarketDataProvider,
  type TradeQuote,
} from '../market-data/index.ts';
import { cryptoSettings, refreshPrices } from '../services/crypto.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  useMarketDataProvider(simulatedFeed);
  cryptoSettings.now = () => new Date();
  await bank.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!;
const savingsOf = (c: Customer) => c.accounts.find((a) => a.name === 'High Yield Savings')!;

function feedAt(btcCents: number): MarketDataProvider {
  const quote = (symbol: CryptoSymbol): TradeQuote => {
    const cents = symbol === 'BTC' ? btcCents : 100;
    return {
      symbol,
      priceCents: cents,
      priceMicroUsd: cents * 10_000,
      bidMicroUsd: cents * 10_000,
      askMicroUsd: cents * 10_000,
      change24hBps: 0,
      volume24hDollars: 1,
      marketCapDollars: 1,
    };
  };
  return {
    name: 'fixed',
    quotes: async () => cryptoSymbols.map(quote),
    quote: async (symbol) => quote(symbol),
  };
}

async function purchase(c: Customer, cents: number, mcc: string, occurredAt?: Date) {
  const posted = await cardPurchase(bank, checkingOf(c).id, cents, {
    name: `Merchant ${mcc}`,
    categoryCode: mcc,
    country: 'US',
    ...(occurredAt ? { occurredAt } : {}),
  });
  c.client.consistencyToken = posted.consistencyToken;
  return posted.transactionId;
}

type Insights = {
  month: string;
  months: string[];
  through_day: number | null;
  spending_by_category: {
    category: string;
    label: string;
    cents: number[];
    cents_through_day: number[];
  }[];
  cash_flow: { month: string; income_cents: number; spending_cents: number }[];
  crypto_value: { day: string; value_cents: number }[];
};

async function insights(c: Customer, query = ''): Promise<Insights> {
  const response = await c.client.get(`/api/insights${query}`);
  expect(response.status).toBe(200);
  return response.body.data as Insights;
}

const spendingIn = (i: Insights) =>
  Object.fromEntries(i.spending_by_category.map((c) => [c.category, c.cents]));

/** The customer disputes the charge and staff refund it. */
async function disputeAndRefund(c: Customer, transactionId: string) {
  const id = encodeURIComponent(transactionId);
  const made = await c.client.post(`/api/transactions/${id}/dispute`, { reason: 'not_received' });
  expect(made.status).toBe(201);
  const staff = new ApiClient(bank);
  staff.token = bank.opsToken;
  const refunded = await staff.post(`/api/ops/disputes/${id}/resolve`, {
    outcome: 'refunded',
    message: 'Refunded.',
  });
  expect(refunded.status).toBe(200);
  c.client.consistencyToken = refunded.headers['x-consistency-token'];
}

/** The middle of last bank month, a moment a purchase can be dated back to. */
function lastMonthMiddle(): Date {
  const [y, m] = bankDate(new Date()).slice(0, 7).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(m === 1 ? y - 1 : y, m === 1 ? 11 : m - 2, 15, 17));
}

describe('spending insights', () => {
  it('sum spending by category and month, money in and out, leaving out moves between own accounts', async () => {
    const alex = await signedUpCustomer(bank);
    const bea = await signedUpCustomer(bank);
    const funded = await deposit(bank, checkingOf(alex).account_number, 1000);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    const thisMonth = bankDate(new Date()).slice(0, 7);
    const lastMonthDay = lastMonthMiddle();
    const lastMonth = bankDate(lastMonthDay).slice(0, 7);

    await purchase(alex, 86_42, '5411');
    const fuel = await purchase(alex, 48_10, '5541');
    await purchase(alex, 20_00, '5411', lastMonthDay);
    await purchase(bea, 999_99, '5411');
    const moved = await alex.client.post('/api/transfers/between-accounts', {
      fromAccount: checkingOf(alex).id,
      toAccount: savingsOf(alex).id,
      amount: 100,
      memo: 'Rainy day',
      transferDate: bankDate(new Date()),
    });
    expect(moved.status).toBe(201);

    const before = await insights(alex, '?months=3');
    expect(before.month).toBe(thisMonth);
    expect(before.months).toHaveLength(3);
    expect(before.months.slice(1)).toEqual([lastMonth, thisMonth]);
    expect(spendingIn(before)).toEqual({ groceries: [0, 20_00, 86_42], fuel: [0, 0, 48_10] });
    expect(before.spending_by_category[0]).toMatchObject({
      category: 'groceries',
      label: 'Groceries',
    });
    expect(before.cash_flow).toEqual([
      { month: before.months[0], income_cents: 0, spending_cents: 0 },
      { month: lastMonth, income_cents: 0, spending_cents: 20_00 },
      { month: thisMonth, income_cents: 1000_00, spending_cents: 134_52 },
    ]);

    // The customer's own category wins, and insights follow.
    const changed = await alex.client.put(
      `/api/transactions/${encodeURIComponent(fuel)}/category`,
      {
        category: 'travel',
      },
    );
    expect(changed.status).toBe(200);
    expect(spendingIn(await insights(alex, '?months=3'))).toEqual({
      groceries: [0, 20_00, 86_42],
      travel: [0, 0, 48_10],
    });

    // The month before, compared with its own earlier months.
    const earlier = await insights(alex, `?month=${lastMonth}&months=2`);
    expect(earlier.months).toEqual([before.months[0], lastMonth]);
    expect(spendingIn(earlier)).toEqual({ groceries: [0, 20_00] });

    // Bea sees only her own.
    expect(spendingIn(await insights(bea, '?months=2'))).toEqual({ groceries: [0, 999_99] });
  });

  it('take a refunded purchase off its category in the month of the refund, not count it as income', async () => {
    const alex = await signedUpCustomer(bank);
    const funded = await deposit(bank, checkingOf(alex).account_number, 500);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    const disputed = await purchase(alex, 20_00, '5411', lastMonthMiddle());
    await purchase(alex, 86_42, '5411');
    await disputeAndRefund(alex, disputed);

    const after = await insights(alex, '?months=2');
    expect(spendingIn(after)).toEqual({ groceries: [20_00, 86_42 - 20_00] });
    expect(after.cash_flow.map((f) => [f.income_cents, f.spending_cents])).toEqual([
      [0, 20_00],
      [500_00, 86_42 - 20_00],
    ]);
  });

  it('file a refund where the customer filed the charge, and move it when they move the charge', async () => {
    const alex = await signedUpCustomer(bank);
    const funded = await deposit(bank, checkingOf(alex).account_number, 500);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    // A streaming service's code files it under subscriptions; Alex files it under groceries.
    const disputed = await purchase(alex, 15_49, '4899', lastMonthMiddle());
    await purchase(alex, 86_42, '5411');
    const fileCharge = async (category: string) => {
      const moved = await alex.client.put(
        `/api/transactions/${encodeURIComponent(disputed)}/category`,
        { category },
      );
      expect(moved.status).toBe(200);
      alex.client.consistencyToken = moved.headers['x-consistency-token'];
    };
    await fileCharge('groceries');
    await disputeAndRefund(alex, disputed);
    expect(spendingIn(await insights(alex, '?months=2'))).toEqual({
      groceries: [15_49, 86_42 - 15_49],
    });

    await fileCharge('dining');
    expect(spendingIn(await insights(alex, '?months=2'))).toEqual({
      dining: [15_49, -15_49],
      groceries: [0, 86_42],
    });
    // Its own category again: both go back to subscriptions.
    await fileCharge('subscriptions');
    expect(spendingIn(await insights(alex, '?months=2'))).toEqual({
      subscriptions: [15_49, -15_49],
      groceries: [0, 86_42],
    });
  });

  it('count the same days of earlier months while the chosen month is in progress', async () => {
    const alex = await signedUpCustomer(bank);
    const funded = await deposit(bank, checkingOf(alex).account_number, 1000);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    const today = bankDate(new Date());
    const day = Number(today.slice(8, 10));
    const [y, m] = today.split('-').map(Number) as [number, number];
    // Noon in New York on a day of last month (no such day: none).
    const lastMonthOn = (d: number) => {
      const at = new Date(Date.UTC(m === 1 ? y - 1 : y, m === 1 ? 11 : m - 2, d, 17));
      return at.getUTCDate() === d ? at : null;
    };
    const lastMonth = bankDate(lastMonthOn(1)!).slice(0, 7);
    await purchase(alex, 30_00, '5812', lastMonthOn(1)!);
    const later = lastMonthOn(day + 1);
    if (later) await purchase(alex, 70_00, '5812', later);
    await purchase(alex, 12_00, '5812');

    const now = await insights(alex, '?months=2');
    expect(now.through_day).toBe(day);
    expect(now.months).toEqual([lastMonth, today.slice(0, 7)]);
    expect(spendingIn(now)).toEqual({ dining: [30_00 + (later ? 70_00 : 0), 12_00] });
    // The day after today's in last month is not among the days compared.
    expect(now.spending_by_category[0]!.cents_through_day).toEqual([30_00, 12_00]);

    // A month that is over: whole months.
    const over = await insights(alex, `?month=${lastMonth}&months=2`);
    expect(over.through_day).toBeNull();
    expect(over.spending_by_category[0]!.cents_through_day).toEqual(
      over.spending_by_category[0]!.cents,
    );
  });

  it('refuses a malformed month or span with field errors, and needs a signed-in customer', async () => {
    const alex = await signedUpCustomer(bank);
    for (const query of [
      '?month=2026-13',
      '?month=november',
      '?month=0000-01',
      '?month=1969-12',
      '?months=1',
      '?months=13',
      '?months=x',
    ]) {
      const response = await alex.client.get(`/api/insights${query}`);
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
      expect(Object.keys(response.body.errors ?? {}), query).toHaveLength(1);
    }
    // A month to come, and a span reaching back before 1970.
    const nextMonth = addMonthsIso(bankDate(new Date()).slice(0, 7), 1);
    const future = await alex.client.get(`/api/insights?month=${nextMonth}`);
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ month: ['That month has not started yet.'] });
    const early = await alex.client.get('/api/insights?month=1970-06&months=12');
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ months: ['Please choose months from 1970-01 on.'] });
    expect((await alex.client.get('/api/insights?month=1970-12&months=12')).status).toBe(200);
    expect((await new ApiClient(bank).get('/api/insights')).status).toBe(401);
  });

  it('value the crypto portfolio each day from the holdings then and that day’s last price', async () => {
    const alex = await signedUpCustomer(bank);
    const funded = await deposit(bank, checkingOf(alex).account_number, 1000);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    useMarketDataProvider(feedAt(4_000_000));
    cryptoSettings.now = () => new Date(Date.now() - 86_400_000);
    await refreshPrices(bank.ctx);
    cryptoSettings.now = () => new Date();
    useMarketDataProvider(feedAt(5_000_000));
    const bought = await alex.client.post('/api/crypto/buy', {
      symbol: 'BTC',
      amount_usd: 100,
      bank_account_id: checkingOf(alex).id,
    });
    expect(bought.status).toBe(201);
    useMarketDataProvider(feedAt(6_000_000));
    const refreshed = await refreshPrices(bank.ctx);
    alex.client.consistencyToken = formatPosition(refreshed.appended!.position);

    const points = (await insights(alex, '?months=2')).crypto_value;
    const today = bankDate(new Date());
    // 0.00198 BTC bought today at $50,000 (less the 1 % fee), worth $60,000 a coin at today's close.
    expect(points.at(-1)).toEqual({ day: today, value_cents: 118_80 });
    expect(points.slice(0, -1).every((p) => p.value_cents === 0)).toBe(true);
    expect(points.every((p) => p.day <= today)).toBe(true);
  });
});
