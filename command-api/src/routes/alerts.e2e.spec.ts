import { alertMessages } from '@bank/contracts';
import {
  ApiClient,
  cardPurchase,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!;

async function purchase(c: Customer, cents: number, name: string, country: string | undefined) {
  const posted = await cardPurchase(bank, checkingOf(c).id, cents, {
    name,
    categoryCode: '5411',
    ...(country ? { country } : {}),
  });
  c.client.consistencyToken = posted.consistencyToken;
}

async function depositTo(c: Customer, dollars: number) {
  const response = await deposit(bank, checkingOf(c).account_number, dollars);
  c.client.consistencyToken = response.headers['x-consistency-token'];
}

/** The titles of the customer's alert notifications, sorted (one event may raise several). */
async function alertTitles(c: Customer): Promise<string[]> {
  const response = await c.client.get('/api/notifications?type=alert&per_page=200');
  expect(response.status).toBe(200);
  return (response.body.data.notifications as { title: string }[]).map((n) => n.title).sort();
}

const allOff = {
  low_balance_enabled: false,
  low_balance_threshold: null,
  low_balance_account_id: null,
  large_transaction_enabled: false,
  large_transaction_threshold: null,
  card_abroad_enabled: false,
};

describe('alerts the customer sets', () => {
  it('are off until set, then saved and read back', async () => {
    const alex = await signedUpCustomer(bank);
    expect((await alex.client.get('/api/profile/alerts')).body.data.alerts).toEqual(allOff);
    const body = {
      low_balance_enabled: true,
      low_balance_threshold: '100.50',
      low_balance_account_id: checkingOf(alex).id,
      large_transaction_enabled: true,
      large_transaction_threshold: 2500,
      card_abroad_enabled: true,
    };
    const saved = await alex.client.put('/api/profile/alerts', body);
    expect(saved.status).toBe(200);
    const expected = { ...body, low_balance_threshold: 100.5 };
    expect(saved.body.data.alerts).toEqual(expected);
    expect((await alex.client.get('/api/profile/alerts')).body.data.alerts).toEqual(expected);

    // Switching an alert off forgets its amount.
    await alex.client.put('/api/profile/alerts', { ...body, large_transaction_enabled: false });
    expect((await alex.client.get('/api/profile/alerts')).body.data.alerts).toMatchObject({
      large_transaction_enabled: false,
      large_transaction_threshold: null,
    });
  });

  it('refuses amounts that are missing, not whole cents, not positive or too large, with field errors and no effect', async () => {
    const alex = await signedUpCustomer(bank);
    const cases: [unknown, string][] = [
      ['', alertMessages.required],
      [null, alertMessages.required],
      ['abc', alertMessages.notWholeCents],
      ['1.001', alertMessages.notWholeCents],
      [0, alertMessages.notPositive],
      ['-5', alertMessages.notPositive],
      [1_000_000.01, alertMessages.tooLarge],
    ];
    for (const [amount, message] of cases) {
      const response = await alex.client.put('/api/profile/alerts', {
        ...allOff,
        large_transaction_enabled: true,
        large_transaction_threshold: amount,
        low_balance_enabled: true,
        low_balance_threshold: amount,
      });
      expect(response.status, JSON.stringify(amount)).toBe(422);
      expect(response.body.errors).toEqual({
        low_balance_threshold: [message],
        large_transaction_threshold: [message],
      });
    }
    const unknownField = await alex.client.put('/api/profile/alerts', { ...allOff, extra: 1 });
    expect(unknownField.status).toBeGreaterThanOrEqual(400);
    expect(unknownField.status).toBeLessThan(500);
    const notUuid = await alex.client.put('/api/profile/alerts', {
      ...allOff,
      low_balance_enabled: true,
      low_balance_threshold: 5,
      low_balance_account_id: 'checking',
    });
    expect(notUuid.status).toBe(422);
    expect(notUuid.body.errors).toEqual({ low_balance_account_id: [alertMessages.unknownAccount] });
    expect((await alex.client.get('/api/profile/alerts')).body.data.alerts).toEqual(allOff);
  });

  it('answers 404 for another customer’s account, and needs a signed-in customer', async () => {
    const alex = await signedUpCustomer(bank);
    const bea = await signedUpCustomer(bank);
    const response = await alex.client.put('/api/profile/alerts', {
      ...allOff,
      low_balance_enabled: true,
      low_balance_threshold: 50,
      low_balance_account_id: checkingOf(bea).id,
    });
    expect(response.status).toBe(404);
    expect((await alex.client.get('/api/profile/alerts')).body.data.alerts).toEqual(allOff);
    const anonymous = new ApiClient(bank);
    expect((await anonymous.get('/api/profile/alerts')).status).toBe(401);
    expect((await anonymous.put('/api/profile/alerts', allOff)).status).toBe(401);
  });

  it('raise one notification per crossing, per large transaction and per card purchase abroad', async () => {
    const alex = await signedUpCustomer(bank);
    const bea = await signedUpCustomer(bank);
    await depositTo(alex, 500);
    const set = await alex.client.put('/api/profile/alerts', {
      low_balance_enabled: true,
      low_balance_threshold: 100,
      low_balance_account_id: null,
      large_transaction_enabled: true,
      large_transaction_threshold: 300,
      card_abroad_enabled: true,
    });
    expect(set.status).toBe(200);

    await purchase(alex, 250_00, 'Hannaford Supermarket', 'US'); // 500 -> 250
    expect(await alertTitles(alex)).toEqual([]);

    await purchase(alex, 200_00, 'Tim Hortons Montreal', 'CA'); // 250 -> 50: crosses
    expect(await alertTitles(alex)).toEqual(['Card used abroad', 'Low balance']);
    const raised = (await alex.client.get('/api/notifications?type=alert')).body.data
      .notifications as { title: string; message: string }[];
    const low = raised.find((n) => n.title === 'Low balance')!;
    const abroad = raised.find((n) => n.title === 'Card used abroad')!;
    expect(low.message).toBe(
      'The balance of your Premium Checking is $50.00, below your alert amount of $100.00.',
    );
    expect(abroad.message).toContain('$200.00 to Tim Hortons Montreal in Canada');

    // Still below: no second low-balance notice. No country: not abroad.
    await purchase(alex, 10_00, 'Corner Store', undefined); // 50 -> 40
    expect(await alertTitles(alex)).toHaveLength(2);

    await depositTo(alex, 400); // 40 -> 440: large money in
    expect(await alertTitles(alex)).toEqual([
      'Card used abroad',
      'Large transaction',
      'Low balance',
    ]);

    await purchase(alex, 350_00, 'Harbor Furniture', 'US'); // 440 -> 90: crosses again
    expect(await alertTitles(alex)).toEqual([
      'Card used abroad',
      'Large transaction',
      'Large transaction',
      'Low balance',
      'Low balance',
    ]);

    // Another customer without alerts hears nothing.
    await depositTo(bea, 500);
    await purchase(bea, 450_00, 'Le Bistro Paris', 'FR');
    expect(await alertTitles(bea)).toEqual([]);
  });

  it('of a low balance watch only the chosen account, and cannot be switched off by the general preferences', async () => {
    const alex = await signedUpCustomer(bank);
    const savings = alex.accounts.find((a) => a.name === 'High Yield Savings')!;
    await depositTo(alex, 200);
    await alex.client.put('/api/profile/alerts', {
      ...allOff,
      low_balance_enabled: true,
      low_balance_threshold: 100,
      low_balance_account_id: savings.id,
    });
    const prefs = await alex.client.put('/api/profile/notification-preferences', {
      transaction: false,
      security: true,
      card: false,
      crypto: true,
      support: true,
      marketing: false,
    });
    expect(prefs.status).toBe(200);
    await purchase(alex, 150_00, 'Hannaford Supermarket', 'US'); // checking 200 -> 50
    expect(await alertTitles(alex)).toEqual([]);
    await alex.client.put('/api/profile/alerts', {
      ...allOff,
      low_balance_enabled: true,
      low_balance_threshold: 100,
      low_balance_account_id: checkingOf(alex).id,
    });
    await depositTo(alex, 100); // 50 -> 150
    await purchase(alex, 100_00, 'Hannaford Supermarket', 'US'); // 150 -> 50
    expect(await alertTitles(alex)).toEqual(['Low balance']);
  });
});
