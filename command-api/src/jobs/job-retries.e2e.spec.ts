import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '@bank/infra/testing';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { failedJobsOf } from './failed-jobs.ts';
import { defineScheduler, GAVE_UP_JOB } from './job-system.ts';

/**
 * A payment's job that fails because PostgreSQL is away (an outage at midnight, when scheduled
 * payments fall due) is retried until it is back, and is not dropped after a few minutes: nothing
 * would queue it again, and a recurring schedule would wait for that date for ever.
 */
const attempts = new Map<string, number>();
/** Fails as during an outage of this many attempts, then succeeds. */
const OUTAGE_ATTEMPTS = 12;
/** The customers whose `doomed-probe` job was given up on, once per hand-over to `gaveUp`. */
const gaveUpFor: string[] = [];
const QUEUE_PREFIX = `job-retries-${process.pid}`;
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    queuePrefix: QUEUE_PREFIX,
    jobs: {
      gaveUp: () => ({
        async 'doomed-probe'(data) {
          gaveUpFor.push(String(data.customerId));
        },
        async 'outage-probe'(data) {
          gaveUpFor.push(String(data.customerId));
        },
      }),
      processors: () => ({
        async 'doomed-probe'() {
          // As a job that used up its tries: failed for good, with no more retries.
          throw new UnrecoverableError('connect ECONNREFUSED 127.0.0.1:5432');
        },
        async 'outage-probe'(data) {
          const id = String(data.customerId);
          const made = (attempts.get(id) ?? 0) + 1;
          attempts.set(id, made);
          if (made <= OUTAGE_ATTEMPTS) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
          return { made };
        },
      }),
      schedulers: [
        defineScheduler(['CustomerRegistered'], ({ event }) => [
          {
            name: 'outage-probe',
            jobId: `outage-probe-${event.data.customerId}`,
            data: { customerId: event.data.customerId },
            delayMs: 24 * 3_600_000,
          },
        ]),
        defineScheduler(['CustomerRegistered'], ({ event }) => [
          {
            name: 'doomed-probe',
            jobId: `doomed-probe-${event.data.customerId}`,
            data: { customerId: event.data.customerId },
            delayMs: 24 * 3_600_000,
          },
        ]),
      ],
    },
  });
});
afterAll(async () => {
  await bank.stop();
});

describe('a job the event log called for', () => {
  it('is retried through an outage longer than a few minutes, and then runs', async () => {
    const { user } = await signedUpCustomer(bank, {}, { proveContacts: false });
    await bank.jobs!.dispatchPending();
    const jobId = `outage-probe-${user.id as string}`;
    const job = () => bank.jobs!.queue.getJob(jobId);
    const retryDelays: number[] = [];
    // Each retry is brought forward instead of waited for; its delay is read first.
    for (let round = 0; round < 200; round += 1) {
      const current = await job();
      const state = await current!.getState();
      if (state === 'completed' || state === 'failed') break;
      if (state === 'delayed') {
        if (current!.attemptsMade > 0) retryDelays.push(current!.delay);
        await current!.promote();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const done = await job();
    expect(await done!.getState()).toBe('completed');
    expect(done!.returnvalue).toEqual({ made: OUTAGE_ATTEMPTS + 1 });
    // Sooner at first, then every 5 minutes at most.
    expect(retryDelays[0]).toBe(1_000);
    expect(Math.max(...retryDelays)).toBeLessThanOrEqual(5 * 60_000);
    // Its failures were not final: nothing was given up on.
    expect(gaveUpFor).not.toContain(user.id);
  });

  it('that fails for good is handed to its gaveUp once, also when ops run it again', async () => {
    const { user } = await signedUpCustomer(bank, {}, { proveContacts: false });
    await bank.jobs!.dispatchPending();
    const queue = bank.jobs!.queue;
    const jobId = `doomed-probe-${user.id as string}`;
    const gaveUpJob = () => queue.getJob(`gave-up-${jobId}`);
    const finished = async (id: string) => {
      for (;;) {
        const job = await queue.getJob(id);
        const state = job ? await job.getState() : 'missing';
        if (state === 'completed' || state === 'failed') return state;
        if (state === 'delayed') await job!.promote();
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    expect(await finished(jobId)).toBe('failed');
    for (;;) {
      if (await gaveUpJob()) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await finished(`gave-up-${jobId}`)).toBe('completed');
    expect((await gaveUpJob())!.name).toBe(GAVE_UP_JOB);
    expect(gaveUpFor.filter((id) => id === user.id)).toHaveLength(1);

    const ops = failedJobsOf(testRedisUrl(), QUEUE_PREFIX);
    try {
      expect(await ops.retry(jobId)).toBe('retried');
    } finally {
      await ops.close();
    }
    expect(await finished(jobId)).toBe('failed');
    expect(await finished(`gave-up-${jobId}`)).toBe('completed');
    expect(gaveUpFor.filter((id) => id === user.id)).toHaveLength(1);
  });
});
