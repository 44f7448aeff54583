import { refreshPrices } from '@bank/command-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCustomer } from './seed.ts';
import { ApiClient, startTestBank, type TestBank } from './testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('the demo customer of npm start', () => {
  it('is seeded on a new bank even when a job already recorded market prices, once', async () => {
    await refreshPrices(bank.ctx);
    const demo = await seedDemoCustomer(bank.ctx, bank.config.dataDir);
    expect(demo).toBeDefined();
    const client = new ApiClient(bank);
    const login = await client.post('/api/login', {
      account_number: demo!.accountNumber,
      password: demo!.password,
    });
    expect(login.status).toBe(200);
    // Its email and phone are proved: someone trying the demo finds Alex for a transfer at once.
    client.token = login.body.data.token;
    await bank.runner.catchUp();
    const user = (await client.get('/api/user')).body.data.user;
    expect(user.unverified_contacts).toEqual([]);
    // The card its purchases were made with is on the Cards page, active.
    const cards = (await client.get('/api/cards')).body.data.cards as { status: string }[];
    expect(cards.filter((c) => c.status === 'active')).toEqual([
      expect.objectContaining({
        card_name: 'Harborview Debit Card',
        last_four: expect.stringMatching(/^\d{4}$/),
      }),
    ]);
    // The months of history's notices are there, read; only the sign-in's own notice is new.
    const notices = (await client.get('/api/notifications?per_page=100')).body.data
      .notifications as { is_read: boolean; type: string; title: string }[];
    expect(notices.filter((n) => n.type === 'transaction').length).toBeGreaterThan(10);
    expect(notices.filter((n) => !n.is_read).map((n) => n.title)).toEqual(['New sign-in']);
    // Its bills are paid to payees it has: the payee list holds them, and each bill in the
    // history is a payment to one of them, by name, filed under the payee's category.
    const payees = (await client.get('/api/bill-payments/payees')).body.data.payees as {
      id: string;
      name: string;
      display_name: string;
      category: string;
    }[];
    expect(payees.map((p) => [p.name, p.display_name, p.category])).toEqual([
      ['Harbor Lofts', 'Rent', 'other'],
      ['Central Maine Power', 'Central Maine Power', 'utilities'],
      ['Spectrum', 'Spectrum', 'internet'],
    ]);
    const bills = (await client.get('/api/bill-payments/history?type=bill_payments&limit=100')).body
      .data.transactions as { description: string; category: string; amount: number }[];
    expect(bills.length).toBeGreaterThanOrEqual(6);
    const paidTo = new Map(payees.map((p) => [`Bill payment to ${p.name}`, p.category]));
    for (const bill of bills) expect(paidTo.get(bill.description)).toBe(bill.category);
    expect(new Set(bills.map((b) => b.description))).toEqual(new Set(paidTo.keys()));
    expect(bills.find((b) => b.description === 'Bill payment to Harbor Lofts')?.amount).toBe(-1650);
    // A restart finds the same customer instead of seeding another.
    expect(await seedDemoCustomer(bank.ctx, bank.config.dataDir)).toEqual(demo);
    await bank.runner.catchUp();
    expect((await client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(3);
  });
});
