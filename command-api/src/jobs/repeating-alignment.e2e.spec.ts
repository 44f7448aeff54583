import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { BUCKET_MS } from '../market-data/index.ts';
import { cryptoJobModule, REFRESH_PRICES_JOB } from './crypto-jobs.ts';
import { REPEAT_OFFSET_MS } from './job-system.ts';

const banks: TestBank[] = [];
afterAll(async () => {
  await Promise.all(banks.map((b) => b.stop()));
});

describe('repeating jobs', () => {
  it('run on the clock’s slots of their interval, so prices refresh as the feed’s bucket turns', async () => {
    const bank = await startTestBank({
      jobs: cryptoJobModule(),
      queuePrefix: `align-${randomBytes(6).toString('hex')}`,
    });
    banks.push(bank);
    const queue = bank.jobs!.queue;
    // Read again if a slot turns between reading the schedule and its waiting job.
    await expect
      .poll(async () => {
        const scheduler = await queue.getJobScheduler(REFRESH_PRICES_JOB);
        const waiting = (await queue.getJobs(['delayed'])).filter(
          (job) => job.name === REFRESH_PRICES_JOB,
        );
        return {
          every: scheduler?.every,
          offsetFromSlot:
            scheduler?.next === undefined
              ? 'none'
              : (scheduler.next - REPEAT_OFFSET_MS) % BUCKET_MS,
          // The job waiting for that slot is due then, not an offset later.
          dueAtNext: waiting.some((job) => job.timestamp + job.delay === scheduler?.next),
        };
      })
      .toEqual({ every: BUCKET_MS, offsetFromSlot: 0, dueAtNext: true });
  });
});
