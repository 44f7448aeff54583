import { catalogue, partitionKeysOf, stampedPartitionKey } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/database.ts';
import { jsonbText } from './jsonb-text.ts';
import { createPgEventStore } from './pg-event-store.ts';
import { ConcurrencyError, START, type EventStore, type NewEvent, type Position } from './types.ts';

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
let url: string;
const customer = crypto.randomUUID();

/** A stream's versions, and whether each event's stored hash is the one chained from the last. */
async function chainOf(stream: string) {
  const { rows } = await pool.query<{ version: number; intact: boolean }>(
    `SELECT e.stream_version AS version,
            e.hash = event_hash(p.hash, e.event_id, e.stream_id, e.stream_version, e.type,
                                e.schema_version, e.data, e.metadata, e.recorded_at) AS intact
     FROM events e
     LEFT JOIN events p ON p.stream_id = e.stream_id AND p.stream_version = e.stream_version - 1
     WHERE e.stream_id = $1 ORDER BY 1`,
    [stream],
  );
  return rows;
}

/** The position of the last event of the log a reader can see now. */
async function endOfLog(): Promise<Position> {
  let position = START;
  for (
    let batch = await store.readAll(position, 1000);
    batch.length > 0;
    batch = await store.readAll(position, 1000)
  ) {
    position = batch[batch.length - 1]!.position;
  }
  return position;
}

beforeAll(async () => {
  url = await createTestDatabase();
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

  it("stamps each event with its own stream's partition key (its owner) on an append across customers", async () => {
    const stamped = createPgEventStore(pool, { reader: catalogue, partitionKeys: partitionKeysOf });
    const other = crypto.randomUUID();
    const [mine, theirs] = [`test-${crypto.randomUUID()}`, `test-${crypto.randomUUID()}`];
    await stamped.append(
      [
        { streamId: mine, expectedVersion: 'no_stream', events: [raised(customer, 'a')] },
        {
          streamId: theirs,
          expectedVersion: 'no_stream',
          events: [raised(other, 'b'), raised(other, 'c')],
        },
      ],
      { actor: 'test' },
    );
    const [myEvent] = await stamped.readStream(mine);
    const theirEvents = await stamped.readStream(theirs);
    expect(myEvent!.metadata).toEqual(
      expect.objectContaining({ actor: 'test', partitionKey: customer }),
    );
    for (const event of theirEvents) {
      expect(event.metadata).toEqual(
        expect.objectContaining({ actor: 'test', partitionKey: other }),
      );
      // Only its own stream's key, not a map of every stream's.
      expect(event.metadata).not.toHaveProperty('partitionKeys');
      expect(stampedPartitionKey(event.metadata, theirs)).toBe(other);
    }
    await stamped.close();
  });

  it("stamps the map of every stream's key where the database numbers the append", async () => {
    const stamped = createPgEventStore(pool, {
      reader: catalogue,
      partitionKeys: partitionKeysOf,
      hashInDatabase: true,
    });
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
    expect(read!.metadata).toMatchObject({ partitionKeys: { [mine]: customer, [theirs]: other } });
    expect(stampedPartitionKey(read!.metadata, theirs)).toBe(other);
    expect(stampedPartitionKey(read!.metadata, mine)).toBe(customer);
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

  it('computes in Node the very text PostgreSQL gives each jsonb value, which the hash covers', async () => {
    const values: unknown[] = [
      { zeta: 1, b: [1, { y: null, x: true }], aa: 'x', a: {}, e: [] },
      { é: 1, ab: 2, b: 3, '🏦': 4, Ａ: 5, ａb: 6, 'b\u0001': 7 },
      { s: 'a"b\\c\n\t\r\b\f\u0001\u001f\u007f/é – 東京 🏦 \u2028' },
      [570, -1.0845, 1e21, 1.2345e25, 1.5e-7, -2e-7, 0.000001, 0.1 + 0.2, 2 ** 53 + 2, -0, 5e-324],
      [1.7976931348623157e308, 123456789.125, 1e-6, 100, 0.5],
      { nested: { deeper: { list: [[], {}, [{}], 'x'] } }, at: new Date(0) },
    ];
    for (const value of values) {
      const { rows } = await pool.query<{ text: string }>('SELECT $1::jsonb::text AS text', [
        JSON.stringify(value),
      ]);
      expect(jsonbText(value)).toBe(rows[0]!.text);
    }
  });

  it('chains the hashes from the heads it knows and reads again a head another writer moved', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    const other = createPgEventStore(pool, { reader: catalogue });
    await store.append(
      [{ streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] }],
      {},
    );
    // Another process appends: this store still takes the stream to be at version 1.
    await other.append(
      [{ streamId: stream, expectedVersion: 1, events: [raised(customer, '2')] }],
      {},
    );
    const credited = await store.append(
      [{ streamId: stream, expectedVersion: 'any', events: [raised(customer, '3')] }],
      {},
    );
    expect(credited.versions[stream]).toBe(3);
    await other.append(
      [{ streamId: stream, expectedVersion: 3, events: [raised(customer, '4')] }],
      {},
    );
    // Decided on version 4, which this store has not seen: it holds once the head is read.
    const checked = await store.append(
      [{ streamId: stream, expectedVersion: 4, events: [raised(customer, '5')] }],
      { actor: 'tester', nested: { z: 1, a: [1.5e-7, 'é'] } },
    );
    expect(checked.versions[stream]).toBe(5);
    await expect(
      store.append([{ streamId: stream, expectedVersion: 4, events: [raised(customer, 'x')] }], {}),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await other.close();
    expect(await chainOf(stream)).toEqual(
      [1, 2, 3, 4, 5].map((version) => ({ version, intact: true })),
    );
  });

  it('keeps no head for a stream written once, and reads it from the log if one is appended to', async () => {
    // The store's own connections, counted: a head it does not know costs a read of the log
    // ('stream-head' for one stream, 'stream-heads' for several).
    const counted = createPool(url, 4);
    const headReads: string[][] = [];
    const query = counted.query.bind(counted) as (...args: unknown[]) => Promise<unknown>;
    (counted as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const config = args[0] as { name?: string; values?: unknown[] };
      if (config?.name === 'stream-head') headReads.push([config.values![0] as string]);
      if (config?.name === 'stream-heads') headReads.push(config.values![0] as string[]);
      return query(...args);
    };
    const writer = createPgEventStore(counted, { reader: catalogue });
    const once = `test-once-${crypto.randomUUID()}`;
    const kept = `test-kept-${crypto.randomUUID()}`;
    try {
      await writer.append(
        [
          {
            streamId: once,
            expectedVersion: 'no_stream',
            events: [raised(customer, 'o1')],
            writtenOnce: true,
          },
          { streamId: kept, expectedVersion: 'no_stream', events: [raised(customer, 'k1')] },
        ],
        {},
      );
      expect(headReads).toEqual([]);
      await writer.append(
        [
          { streamId: kept, expectedVersion: 1, events: [raised(customer, 'k2')] },
          { streamId: once, expectedVersion: 1, events: [raised(customer, 'o2')] },
        ],
        {},
      );
      expect(headReads).toEqual([[once]]);
    } finally {
      await writer.close();
      await counted.end();
    }
    expect(await chainOf(once)).toEqual([1, 2].map((version) => ({ version, intact: true })));
    expect(await chainOf(kept)).toEqual([1, 2].map((version) => ({ version, intact: true })));
  });

  it('keeps one unbroken chain when two processes append to the same streams at once', async () => {
    // Two writers with their own connections, as two command services have: each chains from
    // the heads it knows, which the other keeps moving.
    const pools = [createPool(url, 6), createPool(url, 6)];
    const writers = pools.map((p) => createPgEventStore(p, { reader: catalogue }));
    const shared = `test-${crypto.randomUUID()}`;
    const other = `test-${crypto.randomUUID()}`;
    try {
      const appends = Array.from({ length: 40 }, (_, i) =>
        writers[i % 2]!.append(
          [
            { streamId: shared, expectedVersion: 'any', events: [raised(customer, `s${i}`)] },
            ...(i % 3 === 0
              ? [
                  {
                    streamId: other,
                    expectedVersion: 'any' as const,
                    events: [raised(customer, `o${i}`)],
                  },
                ]
              : []),
          ],
          { writer: i % 2 },
        ),
      );
      const settled = await Promise.allSettled(appends);
      expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
      // Both race for the same next version, each having seen the head: one wins, one conflicts.
      const head = (await writers[0]!.readStream(shared)).length;
      await writers[1]!.readStream(shared);
      const race = await Promise.allSettled(
        writers.map((w, i) =>
          w.append(
            [{ streamId: shared, expectedVersion: head, events: [raised(customer, `r${i}`)] }],
            {},
          ),
        ),
      );
      expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(race.find((r) => r.status === 'rejected')).toMatchObject({
        reason: expect.any(ConcurrencyError) as unknown,
      });
      const versions = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ version: i + 1, intact: true }));
      expect(await chainOf(shared)).toEqual(versions(41));
      expect(await chainOf(other)).toEqual(versions(14));
    } finally {
      for (const w of writers) await w.close();
      for (const p of pools) await p.end();
    }
  });

  it('refuses a batch whose versions do not continue their stream', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    await store.append(
      [{ streamId: stream, expectedVersion: 0, events: [raised(customer, '1')] }],
      {},
    );
    const [head] = (
      await pool.query<{ hash: string }>(
        `SELECT encode(hash, 'hex') AS hash FROM events WHERE stream_id = $1`,
        [stream],
      )
    ).rows;
    const append = (version: number) =>
      pool.query(
        `SELECT * FROM append_events($1::text[], $2::int[], $3::text[], $4::uuid[], $5::text[],
           $6::int[], $7::text[], $8::int[], $9::timestamptz[], $10::text[], $11::int[], $12::jsonb, $13::jsonb)`,
        [
          [stream],
          [1],
          [head!.hash],
          [crypto.randomUUID()],
          [stream],
          [version],
          ['NotificationRaised'],
          [1],
          [new Date().toISOString()],
          ['00'.repeat(32)],
          [0],
          '[{}]',
          '[{}]',
        ],
      );
    await expect(append(3)).rejects.toThrow(/do not continue their streams/);
    await expect(append(1)).rejects.toThrow(/do not continue their streams/);
    expect(await store.readStream(stream)).toHaveLength(1);
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
        () => queued.push('first'),
      );
      // Queued behind it, expecting the version it leaves: with two writers it could otherwise
      // go out in a second group commit, take the stream's lock first, and conflict.
      const second = store.append(
        [{ streamId: stream, expectedVersion: 1, events: [raised(customer, '2')] }],
        {},
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

  it('opens and reads an event of the log once, however many followers read it', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    const position = await endOfLog();
    await store.append(
      [
        {
          streamId: stream,
          expectedVersion: 0,
          events: [raised(customer, 'a'), raised(customer, 'b')],
        },
      ],
      {},
    );
    const first = await store.readAll(position, 1000);
    // A loop further behind reads them again, and one at the first event once more.
    const again = await store.readAll(position, 1000);
    const behind = await store.readAll(first[0]!.position, 1000);
    expect(first.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(again[0]!.event).toBe(first[0]!.event);
    expect(behind[0]!.event).toBe(first[1]!.event);
    expect(behind[0]!.event).toMatchObject({ type: 'NotificationRaised', data: { title: 'b' } });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of events, even to the owner of the table', async () => {
    await expect(owner.query(`UPDATE events SET type = 'X'`)).rejects.toThrow(/immutable/);
    await expect(owner.query('DELETE FROM events')).rejects.toThrow(/immutable/);
    await expect(owner.query('TRUNCATE events')).rejects.toThrow(/immutable/);
  });

  it('never lets a subscriber skip an event whose transaction commits late', async () => {
    const stream = `test-${crypto.randomUUID()}`;
    let position = await endOfLog();
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
    const position = await endOfLog();
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
