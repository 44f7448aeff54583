import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceStatements, lastClosedMonth } from './statement-jobs.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank?.stop());

const titles = async (client: Awaited<ReturnType<typeof signedUpCustomer>>['client']) => {
  await bank.runner.catchUp();
  const list = (await client.get('/api/notifications?per_page=200')).body.data.notifications as {
    title: string;
    message: string;
  }[];
  return list.filter((n) => n.title === 'Your statement is ready');
};

describe('statement-ready notifications', () => {
  it('names the month that ended last', () => {
    expect(lastClosedMonth(new Date('2026-01-01T00:00:00Z')).month).toBe('2025-12');
    expect(lastClosedMonth(new Date('2026-03-31T23:59:59Z')).month).toBe('2026-02');
  });

  it('tells the customer once per account when a month has ended, never for a month before the account', async () => {
    const customer = await signedUpCustomer(bank, { name: 'Statement Reader' });
    expect((await announceStatements(bank.ctx, new Date())).announced).toBe(0);
    expect(await titles(customer.client)).toEqual([]);

    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
    const first = await announceStatements(bank.ctx, nextMonth);
    expect(first.announced).toBe(customer.accounts.length);
    const again = await announceStatements(bank.ctx, nextMonth);
    expect(again.announced).toBe(0);

    const ready = await titles(customer.client);
    expect(ready).toHaveLength(customer.accounts.length);
    const monthName = now.toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(ready.map((n) => n.message)).toContain(
      `Your ${customer.accounts[0]!.name} statement for ${monthName} is ready. Download it as PDF or CSV on the Accounts page.`,
    );
  });
});
