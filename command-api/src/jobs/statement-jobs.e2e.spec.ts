import { addMonthsIso, bankMonth, bankMonthStart } from '@bank/events';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_OPENED_BEFORE, announceStatements, lastClosedMonth } from './statement-jobs.ts';

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
  it('names the bank month that ended last: months end at midnight in New York', () => {
    expect(lastClosedMonth(new Date('2026-01-01T05:00:00Z')).month).toBe('2025-12');
    // 11:59 pm on 31 December in New York: December has not ended there.
    expect(lastClosedMonth(new Date('2026-01-01T04:59:59Z')).month).toBe('2025-11');
    expect(lastClosedMonth(new Date('2026-03-31T23:59:59Z')).month).toBe('2026-02');
    expect(lastClosedMonth(new Date('2026-04-15T12:00:00Z'))).toEqual({
      month: '2026-03',
      start: new Date('2026-03-01T05:00:00Z'),
      end: new Date('2026-04-01T04:00:00Z'),
    });
  });

  it('tells the customer once per account when a month has ended, never for a month before the account', async () => {
    const customer = await signedUpCustomer(bank, { name: 'Statement Reader' });
    expect((await announceStatements(bank.ctx, new Date())).announced).toBe(0);
    expect(await titles(customer.client)).toEqual([]);

    const now = new Date();
    // A day into the next bank month.
    const nextMonth = new Date(
      bankMonthStart(addMonthsIso(bankMonth(now), 1)).getTime() + 86_400_000,
    );
    const first = await announceStatements(bank.ctx, nextMonth);
    expect(first.announced).toBe(customer.accounts.length);
    const again = await announceStatements(bank.ctx, nextMonth);
    expect(again.announced).toBe(0);

    const ready = await titles(customer.client);
    expect(ready).toHaveLength(customer.accounts.length);
    const monthName = now.toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'America/New_York',
    });
    expect(ready.map((n) => n.message)).toContain(
      `Your ${customer.accounts[0]!.name} statement for ${monthName} is ready. Download it as PDF or CSV on the Accounts page.`,
    );
  });

  it('finds the accounts through the index of opened accounts, not by reading the whole log', async () => {
    const client = await bank.ctx.pool.connect();
    try {
      await client.query('BEGIN');
      // The test's log is small enough for a full read to be cheapest: the plan is asked for as
      // it would be on a log too large for one.
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) ${ACCOUNTS_OPENED_BEFORE}`,
        [new Date()],
      );
      const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"events_accounts_opened"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
