import { catalogue, partitionKeysOf } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/database.ts';
import { createPgEventStore } from './pg-event-store.ts';
import { ConcurrencyError, START, type EventStore, type NewEvent } from './types.ts';

const raised = (customerId: string, title: string): NewEvent => ({
  type: 'NotificationRaised',
  schemaVersion: 1,
  data: {
    customerId,
    notificationId: crypto.randomUUID(),
    type: 'system',
    title,
    message: title,
    priority: 'low',
  },
});

/** The application role's connections (the store's), and the schema owner's for direct writes. */
let pool: Pool;
let owner: Pool;
let store: EventStore;
const customer = crypto.randomUUID();

beforeAll(async () => {
  const url = await createTestDatabase();
  pool = createPool(url, 20);
  owner = createPool(testDatabaseUrlAs(url, 'owner'), 4);
  store = createPgEventStore(pool, { reader: catalogue });
});
afterAll(async () => {
  await store.close();
  await pool.end();
  await owner.end();
});

describe('PostgreSQL event store', () => {
  it('appends and reads a stream in version order with metadata', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    await store.append(
      [
        {
          streamId: stream,
          expectedVersion: 'no_stream',
          events: [raised(customer, 'a'), raised(customer, 'b')],
        },
      ],
      { actor: 'test', correlationId: 'c-1' },
    );
    const events = await store.readStream(stream);
    expect(events.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(events[0]!.metadata).toMatchObject({ actor: 'test', correlationId: 'c-1' });
    expect(events[1]!.event).toMatchObject({ type: 'NotificationRaised', data: { title: 'b' } });
  });

  it("stamps each stream's partition key (its owner) on an append across customers", async () => {
    const stamped = createPgEventStore(pool, { reader: catalogue, partitionKeys: partitionKeysOf });
    const other = crypto.randomUUID();
    const [mine, theirs] = [`test-${crypto.randomUUID()}`, `test-${crypto.randomUUID()}`];
    await stamped.append(
      [
        { streamId: mine, expectedVersion: 'no_stream', events: [raised(customer, 'a')] },
        { streamId: theirs, expectedVersion: 'no_stream', events: [raised(other, 'b')] },
      ],
      { actor: 'test' },
    );
    const [read] = await stamped.readStream(theirs);
    expect(read!.metadata).toMatchObject({
      actor: 'test',
      partitionKeys: { [mine]: customer, [theirs]: other },
    });
    await stamped.close();
  });

  it('detects a concurrency conflict on a stale expected version', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    await store.append(
      [{ streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] }],
      {},
    );
    await expect(
      store.append([{ streamId: stream, expectedVersion: 0, events: [raised(customer, 'x')] }], {}),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.append(
        [{ streamId: stream, expectedVersion: 'no_stream', events: [raised(customer, 'x')] }],
        {},
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const ok = await store.append(
      [{ streamId: stream, expectedVersion: 1, events: [raised(customer, '2')] }],
      {},
    );
    expect(ok.versions[stream]).toBe(2);
  });

  it('lets exactly one of many racing appends at the same version win, even in one group commit', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.append(
          [{ streamId: stream, expectedVersion: 0, events: [raised(customer, `r${i}`)] }],
          {},
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof ConcurrencyError),
    ).toBe(true);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('enforces the expected version in the database itself', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    await store.append(
      [{ streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] }],
      {},
    );
    await expect(
      owner.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, data) VALUES ($1, $2, 1, 'NotificationRaised', '{}')`,
        [crypto.randomUUID(), stream],
      ),
    ).rejects.toThrow(/events_stream_version_unique/);
  });

  it('appends to several streams atomically: a conflict on one writes none', async () => {
    const a = `test-${crypto.randomUUID()}`;
    const b = `test-${crypto.randomUUID()}`;
    await store.append([{ streamId: b, expectedVersion: 0, events: [raised(customer, 'b1')] }], {});
    await expect(
      store.append(
        [
          { streamId: a, expectedVersion: 0, events: [raised(customer, 'a1')] },
          { streamId: b, expectedVersion: 0, events: [raised(customer, 'b-stale')] },
        ],
        {},
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(a)).toHaveLength(0);
    await store.append(
      [
        { streamId: a, expectedVersion: 0, events: [raised(customer, 'a1')] },
        { streamId: b, expectedVersion: 1, events: [raised(customer, 'b2')] },
      ],
      {},
    );
    expect(await store.readStream(a)).toHaveLength(1);
    expect(await store.readStream(b)).toHaveLength(2);
  });

  it('decides each command of one group commit against the versions the commands before it leave', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    const other = `test-${crypto.randomUUID()}`;
    // Sent together, these share a group commit: the second and third build on the first.
    const [first, second, stale, elsewhere] = await Promise.allSettled([
      store.append([{ streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] }], {}),
      store.append(
        [
          {
            streamId: stream,
            expectedVersion: 1,
            events: [raised(customer, '2'), raised(customer, '3')],
          },
        ],
        {},
      ),
      store.append([{ streamId: stream, expectedVersion: 1, events: [raised(customer, 'x')] }], {}),
      store.append(
        [{ streamId: other, expectedVersion: 'any', events: [raised(customer, 'o')] }],
        {},
      ),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(elsewhere.status).toBe('fulfilled');
    // Exactly one of the two commands that expected version 1 wins.
    expect([second, stale].filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = (second.status === 'fulfilled' ? second : stale) as PromiseFulfilledResult<{
      versions: Record<string, number>;
    }>;
    const events = await store.readStream(stream);
    expect(events.map((e) => e.streamVersion)).toEqual(
      Array.from({ length: events.length }, (_, i) => i + 1),
    );
    expect(winner.value.versions[stream]).toBe(events.length);
    // The tamper-evidence chain holds across the events the batch inserted.
    const { rows } = await pool.query<{ broken: number }>(
      `SELECT count(*)::int AS broken FROM events e
       LEFT JOIN events p ON p.stream_id = e.stream_id AND p.stream_version = e.stream_version - 1
       WHERE e.stream_id = ANY($1)
         AND e.hash <> event_hash(p.hash, e.event_id, e.stream_id, e.stream_version, e.type,
                                  e.schema_version, e.data, e.metadata, e.recorded_at)`,
      [[stream, other]],
    );
    expect(rows[0]!.broken).toBe(0);
  });

  it('commits the appends to a stream in the order they were queued, even when an earlier group commit is held up', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    // A stream whose lock the first group commit takes before the shared stream's (locks are
    // taken in hash order), held here by another transaction so that the first commit waits.
    let blocker: string;
    do blocker = `test-${crypto.randomUUID()}`;
    while (
      (
        await pool.query<{ before: boolean }>('SELECT hashtext($1) < hashtext($2) AS before', [
          blocker,
          stream,
        ])
      ).rows[0]!.before !== true
    );
    const holder = await pool.connect();
    const queued: string[] = [];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(7431002, hashtext($1))', [blocker]);
      const first = store.append(
        [
          { streamId: blocker, expectedVersion: 'any', events: [raised(customer, 'b')] },
          { streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] },
        ],
        {},
        undefined,
        () => queued.push('first'),
      );
      // Queued behind it, expecting the version it leaves: with two writers it could otherwise
      // go out in a second group commit, take the stream's lock first, and conflict.
      const second = store.append(
        [{ streamId: stream, expectedVersion: 1, events: [raised(customer, '2')] }],
        {},
        undefined,
        () => queued.push('second'),
      );
      await new Promise((r) => setTimeout(r, 200));
      await holder.query('COMMIT');
      await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    } finally {
      holder.release();
    }
    expect(queued).toEqual(['first', 'second']);
    expect((await store.readStream(stream)).map((e) => e.event.data)).toEqual([
      expect.objectContaining({ title: '1' }),
      expect.objectContaining({ title: '2' }),
    ]);
  });

  it('does not queue an append whose onQueue throws', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    const refused = new ConcurrencyError(stream);
    await expect(
      store.append(
        [{ streamId: stream, expectedVersion: 'no_stream', events: [raised(customer, 'x')] }],
        {},
        undefined,
        () => {
          throw refused;
        },
      ),
    ).rejects.toBe(refused);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('fails only the command that reuses a stored event id; the rest of its group commit lands', async () => {
    const reused = crypto.randomUUID();
    await store.append(
      [
        {
          streamId: `test-${crypto.randomUUID()}`,
          expectedVersion: 0,
          events: [{ ...raised(customer, 'a'), eventId: reused }],
        },
      ],
      {},
    );
    const streamsInBatch = Array.from({ length: 6 }, () => `test-${crypto.randomUUID()}`);
    const results = await Promise.allSettled(
      streamsInBatch.map((streamId, i) =>
        store.append(
          [
            {
              streamId,
              expectedVersion: 0,
              events: [
                i === 3 ? { ...raised(customer, 'dup'), eventId: reused } : raised(customer, 'ok'),
              ],
            },
          ],
          {},
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const [i, streamId] of streamsInBatch.entries()) {
      expect(await store.readStream(streamId)).toHaveLength(i === 3 ? 0 : 1);
    }
  });

  it('answers many concurrent stream reads (which share queries) each with its own stream after its own version', async () => {
    const streamIds = Array.from({ length: 8 }, () => `test-${crypto.randomUUID()}`);
    for (const [i, streamId] of streamIds.entries()) {
      await store.append(
        [
          {
            streamId,
            expectedVersion: 0,
            events: Array.from({ length: i + 1 }, (_, n) =>
              raised(customer, `${streamId}/${n + 1}`),
            ),
          },
        ],
        {},
      );
    }
    const reads = streamIds.flatMap((streamId, i) =>
      Array.from({ length: i + 2 }, (_, after) => ({ streamId, after })),
    );
    const results = await Promise.all(reads.map((r) => store.readStream(r.streamId, r.after)));
    results.forEach((events, k) => {
      const { streamId, after } = reads[k]!;
      const length = streamIds.indexOf(streamId) + 1;
      expect(events.map((e) => e.streamVersion)).toEqual(
        Array.from({ length: Math.max(0, length - after) }, (_, n) => after + n + 1),
      );
      expect(events.every((e) => e.streamId === streamId)).toBe(true);
      expect(events.map((e) => (e.event.data as { title: string }).title)).toEqual(
        events.map((e) => `${streamId}/${e.streamVersion}`),
      );
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of events, even to the owner of the table', async () => {
    await expect(owner.query(`UPDATE events SET type = 'X'`)).rejects.toThrow(/immutable/);
    await expect(owner.query('DELETE FROM events')).rejects.toThrow(/immutable/);
    await expect(owner.query('TRUNCATE events')).rejects.toThrow(/immutable/);
  });

  it('never lets a subscriber skip an event whose transaction commits late', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    // Read up to the current end of the log.
    let position = START;
    for (
      let batch = await store.readAll(position, 1000);
      batch.length > 0;
      batch = await store.readAll(position, 1000)
    ) {
      position = batch[batch.length - 1]!.position;
    }
    // Hold a transaction open that has taken a lower global_position.
    const slow = await owner.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data)
       VALUES ($1, $2, 1, 'NotificationRaised', $3)`,
      [crypto.randomUUID(), `${stream}-slow`, JSON.stringify(raised(customer, 'slow').data)],
    );
    // Others commit after it, with higher positions.
    await store.append(
      [{ streamId: `${stream}-fast`, expectedVersion: 0, events: [raised(customer, 'fast')] }],
      {},
    );
    const whileOpen = await store.readAll(position, 1000);
    expect(whileOpen.map((e) => e.streamId)).not.toContain(`${stream}-fast`);
    await slow.query('COMMIT');
    slow.release();
    const seen: string[] = [];
    for (
      let batch = await store.readAll(position, 1000);
      batch.length > 0;
      batch = await store.readAll(position, 1000)
    ) {
      seen.push(...batch.map((e) => e.streamId));
      position = batch[batch.length - 1]!.position;
    }
    expect(seen).toEqual([`${stream}-slow`, `${stream}-fast`]);
  });

  it('keeps the global order when transaction ids cross a power of ten (numeric, not text, order)', async () => {
    // Burn transaction ids up to just below the next power of ten, one committed transaction each.
    await owner.query(`CREATE OR REPLACE PROCEDURE burn_xids(n integer) LANGUAGE plpgsql AS $$
      BEGIN FOR i IN 1..n LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
    const { rows } = await pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    const current = Number(rows[0]!.xid);
    const boundary = 10 ** String(current).length;
    await pool.query('CALL burn_xids($1)', [boundary - current - 3]);
    const stream = `test-${crypto.randomUUID()}`;
    let position = START;
    for (
      let b = await store.readAll(position, 1000);
      b.length > 0;
      b = await store.readAll(position, 1000)
    ) {
      position = b[b.length - 1]!.position;
    }
    for (let i = 1; i <= 6; i += 1) {
      await store.append(
        [{ streamId: stream, expectedVersion: i - 1, events: [raised(customer, `x${i}`)] }],
        {},
      );
    }
    const read = await store.readAll(position, 1000);
    const versions = read.filter((e) => e.streamId === stream).map((e) => e.streamVersion);
    expect(read.at(-1)!.position.transactionId).toBeGreaterThanOrEqual(BigInt(boundary));
    expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
