import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrlAs, testRedisUrl } from '@bank/infra/testing';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { customer } from '../routes/money-test-helpers.ts';
import { scheduleClock } from '../services/scheduled-transfers.ts';
import { cryptoJobModule, REFRESH_PRICES_JOB } from './crypto-jobs.ts';
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

/** A transfer from checking to savings, planned for that date. */
const plan = (
  c: Awaited<ReturnType<typeof customer>>,
  amount: number,
  transferDate: string,
  more: Record<string, unknown> = {},
) =>
  c.client.post('/api/transfers/scheduled', {
    type: 'between-accounts',
    fromAccount: c.checking.id,
    toAccount: c.savings.id,
    amount,
    transferDate,
    ...more,
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
    const created = await plan(c, 10, '2031-05-20', { frequency: 'monthly' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const jobId = `scheduled-transfer-${created.body.data.scheduled_transfer.id}-2031-05-20`;
    // Due today: its job runs at once, before Redis loses it.
    const today = await plan(c, 25, '2031-05-01');
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
    const before = await plan(c, 10, '2031-05-20');
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    await forget(queuePrefix);
    // The next job handed over finds the queue emptied, and the earlier one comes back with it.
    expect((await plan(c, 20, '2031-05-20')).status).toBe(201);
    await bank.jobs!.dispatchPending();
    const jobId = `scheduled-transfer-${before.body.data.scheduled_transfer.id}-2031-05-20`;
    expect(await bank.jobs!.queue.getJob(jobId)).toBeDefined();
  });

  it('is noticed on a quiet bank, and a due payment runs without any customer action', async () => {
    scheduleClock.now = () => new Date('2031-05-01T17:00:00Z');
    const queuePrefix = `lost-${randomBytes(6).toString('hex')}`;
    const bank = await startTestBank({ jobs: moneyJobModule, queuePrefix, queueCheckEveryMs: 200 });
    banks.push(bank);
    const c = await customer(bank, 'Quiet Night', 100);
    const planned = await plan(c, 10, '2031-05-20');
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    const jobId = `scheduled-transfer-${planned.body.data.scheduled_transfer.id}-2031-05-20`;
    expect(await bank.jobs!.queue.getJob(jobId)).toBeDefined();

    // Redis restarts empty at night, and the transfer falls due: nobody does anything after.
    await forget(queuePrefix);
    scheduleClock.now = () => new Date('2031-05-20T12:00:00Z');
    await expect
      .poll(async () => (await bank.jobs!.queue.getJob(jobId))?.returnvalue, { timeout: 10_000 })
      .toEqual({ outcome: 'ran' });
  });

  it('brings the repeating jobs back while the bank runs, and prices are refreshed again', async () => {
    const queuePrefix = `lost-${randomBytes(6).toString('hex')}`;
    const bank = await startTestBank({
      jobs: cryptoJobModule(),
      queuePrefix,
      queueCheckEveryMs: 200,
    });
    banks.push(bank);
    const queue = bank.jobs!.queue;
    const schedulers = async () => (await queue.getJobSchedulers()).map((s) => s.key).sort();
    const before = await schedulers();
    expect(before).toContain(REFRESH_PRICES_JOB);
    const refreshes = async () =>
      (await queue.getJobs(['completed'])).filter((job) => job.name === REFRESH_PRICES_JOB).length;
    await expect.poll(refreshes, { timeout: 10_000 }).toBeGreaterThan(0);

    await forget(queuePrefix);
    expect(await schedulers()).toEqual([]);
    await expect.poll(schedulers, { timeout: 10_000 }).toEqual(before);
    // Run once as at start: the market does not wait a whole interval for its prices.
    await expect.poll(refreshes, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
