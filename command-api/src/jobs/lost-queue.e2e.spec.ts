import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrlAs, testRedisUrl } from '@bank/infra/testing';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { customer } from '../routes/money-test-helpers.ts';
import { scheduleClock } from '../services/scheduled-transfers.ts';
import { moneyJobModule } from './money-jobs.ts';

/**
 * Redis lost its data while the bank was stopped (a new Redis, the database restored alone, a
 * flush): the delayed jobs are gone, but the dispatcher's checkpoint in PostgreSQL says they were
 * handed over. The next start must hand them over again, or the payments never run.
 */
const banks: TestBank[] = [];
const redis = new Redis(testRedisUrl());
afterEach(() => {
  scheduleClock.now = () => new Date();
});
afterAll(async () => {
  await Promise.all(banks.map((b) => b.stop()));
  redis.disconnect();
});

async function forget(prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
}

describe('a job queue that Redis lost', () => {
  it('is filled again from the event log at the next start, and a job that ran does nothing', async () => {
    scheduleClock.now = () => new Date('2031-05-01T17:00:00Z');
    const url = await createTestDatabase();
    const queuePrefix = `lost-${randomBytes(6).toString('hex')}`;
    const secretsKey = randomBytes(32).toString('hex');
    const start = () =>
      startTestBank({
        jobs: moneyJobModule,
        queuePrefix,
        config: {
          databaseUrl: url,
          migrationDatabaseUrl: testDatabaseUrlAs(url, 'owner'),
          secretsKey,
        },
      });
    const first = await start();
    banks.push(first);
    const c = await customer(first, 'Lost Queue', 100);
    const created = await c.client.post('/api/transfers/scheduled', {
      type: 'between-accounts',
      fromAccount: c.checking.id,
      toAccount: c.savings.id,
      amount: 10,
      transferDate: '2031-05-20',
      frequency: 'monthly',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const jobId = `scheduled-transfer-${created.body.data.scheduled_transfer.id}-2031-05-20`;
    // Due today: its job runs at once, before Redis loses it.
    const today = await c.client.post('/api/transfers/scheduled', {
      type: 'between-accounts',
      fromAccount: c.checking.id,
      toAccount: c.savings.id,
      amount: 25,
      transferDate: '2031-05-01',
    });
    expect(today.status, JSON.stringify(today.body)).toBe(201);
    const ranId = `scheduled-transfer-${today.body.data.scheduled_transfer.id}-2031-05-01`;
    await first.jobs!.dispatchPending();
    expect(await first.jobs!.queue.getJob(jobId)).toBeDefined();
    await expect
      .poll(async () => (await first.jobs!.queue.getJob(ranId))?.returnvalue, { timeout: 10_000 })
      .toEqual({ outcome: 'ran' });
    await first.stop();

    await forget(queuePrefix);
    const second = await start();
    banks.push(second);
    await second.jobs!.dispatchPending();
    const job = await second.jobs!.queue.getJob(jobId);
    expect(job?.data).toEqual(
      expect.objectContaining({ date: '2031-05-20', scheduleId: expect.any(String) }),
    );
    expect(await job!.isDelayed()).toBe(true);
    // The job that ran is handed over again, and finds its transfer made.
    await expect
      .poll(async () => (await second.jobs!.queue.getJob(ranId))?.returnvalue, {
        timeout: 10_000,
      })
      .toEqual({ outcome: 'not_due' });
    await second.runner.catchUp();
    const { rows } = await second.ownerPool.query<{ balance_cents: string }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [c.savings.id],
    );
    expect(Number(rows[0]!.balance_cents)).toBe(2_500);
  });

  it('is filled again when Redis restarts empty while the bank runs', async () => {
    scheduleClock.now = () => new Date('2031-05-01T17:00:00Z');
    const queuePrefix = `lost-${randomBytes(6).toString('hex')}`;
    const bank = await startTestBank({ jobs: moneyJobModule, queuePrefix });
    banks.push(bank);
    const c = await customer(bank, 'Emptied Redis', 100);
    const plan = (amount: number) =>
      c.client.post('/api/transfers/scheduled', {
        type: 'between-accounts',
        fromAccount: c.checking.id,
        toAccount: c.savings.id,
        amount,
        transferDate: '2031-05-20',
      });
    const before = await plan(10);
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    await forget(queuePrefix);
    // The next job handed over finds the queue emptied, and the earlier one comes back with it.
    expect((await plan(20)).status).toBe(201);
    await bank.jobs!.dispatchPending();
    const jobId = `scheduled-transfer-${before.body.data.scheduled_transfer.id}-2031-05-20`;
    expect(await bank.jobs!.queue.getJob(jobId)).toBeDefined();
  });
});
