import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { defineScheduler } from './job-system.ts';

/**
 * A payment's job that fails because PostgreSQL is away (an outage at midnight, when scheduled
 * payments fall due) is retried until it is back, and is not dropped after a few minutes: nothing
 * would queue it again, and a recurring schedule would wait for that date for ever.
 */
const attempts = new Map<string, number>();
/** Fails as during an outage of this many attempts, then succeeds. */
const OUTAGE_ATTEMPTS = 12;
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    jobs: {
      processors: () => ({
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
  });
});
