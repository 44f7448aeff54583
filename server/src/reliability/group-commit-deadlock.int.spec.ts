import { catalogue } from '@bank/events';
import {
  ConcurrencyError,
  createPgEventStore,
  createPool,
  type NewEvent,
  type Pool,
} from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.ts';

/**
 * Found by the crash test: two group commits in flight, each appending to the same two streams in
 * the opposite order, wait for each other's insert and PostgreSQL breaks the deadlock by failing
 * one of them, which surfaced as a 500. append_batch now takes the streams' locks in one global
 * order first (migration 0012); before it, these appends met about 230 deadlocks.
 */
let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 20);
});
afterAll(async () => {
  await pool.end();
});

const raised = (customerId: string): NewEvent => ({
  type: 'NotificationRaised',
  schemaVersion: 1,
  data: {
    customerId,
    notificationId: crypto.randomUUID(),
    type: 'system',
    title: 'deadlock test',
    message: 'deadlock test',
    priority: 'low',
  },
});

describe('group commit under crossing appends', () => {
  it('never fails an append because two batches deadlocked', async () => {
    const store = createPgEventStore(pool, { reader: catalogue, writers: 4, maxBatchSize: 8 });
    const streams = Array.from({ length: 4 }, () => `deadlock-${crypto.randomUUID()}`);
    const customer = crypto.randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1500 }, (_, i) => {
        const a = streams[i % streams.length]!;
        const b = streams[(i + 1 + (i % 3)) % streams.length]!;
        const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
        return store.append(
          [
            { streamId: first, expectedVersion: 'any', events: [raised(customer)] },
            { streamId: second, expectedVersion: 'any', events: [raised(customer)] },
          ],
          { correlationId: crypto.randomUUID(), actor: 'test' },
        );
      }),
    );
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    // Losing a race for a version is the caller's to retry; a deadlock never reaches it.
    const unexpected = failures.filter((e) => !(e instanceof ConcurrencyError));
    expect(unexpected.map((e) => String((e as Error).message))).toEqual([]);
    const stored = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE stream_id = ANY($1::text[])',
      [streams],
    );
    expect(stored.rows[0]!.n).toBe((outcomes.length - failures.length) * 2);
    await store.close();
  }, 120_000);
});
