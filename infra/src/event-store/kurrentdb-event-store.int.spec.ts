import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createKurrentDbEventStore } from './kurrentdb-event-store.ts';
import { ConcurrencyError, START, comparePositions, type EventStore } from './types.ts';

const url = process.env.EVENTSTORE_URL;
const reader = { read: (type: string, _v: number, data: unknown) => ({ type, data }) };

/** The event-store contract against a real KurrentDB: runs only when EVENTSTORE_URL is set. */
describe.skipIf(!url)('KurrentDB event store (EVENTSTORE_URL)', () => {
  const store: EventStore = url
    ? createKurrentDbEventStore({ connectionString: url, reader })
    : (undefined as never);
  afterAll(() => store?.close());
  const ev = (n: number) => ({ type: 'Tested', data: { n }, schemaVersion: 1 });

  it('appends with expected versions and reads the stream back in order', async () => {
    const stream = `test-${randomUUID()}`;
    const first = await store.append(
      [{ streamId: stream, expectedVersion: 'no_stream', events: [ev(1), ev(2)] }],
      {},
    );
    expect(first.versions[stream]).toBe(2);
    await store.append([{ streamId: stream, expectedVersion: 2, events: [ev(3)] }], {
      actor: 'ops',
    });
    const read = await store.readStream(stream);
    expect(read.map((e) => [e.streamVersion, (e.event.data as { n: number }).n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(read[2]!.metadata).toEqual({ actor: 'ops' });
    expect((await store.readStream(stream, 2)).map((e) => e.streamVersion)).toEqual([3]);
    expect(await store.readStream(`missing-${randomUUID()}`)).toEqual([]);
  });

  it('refuses a stale expected version with a ConcurrencyError', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append([{ streamId: stream, expectedVersion: 0, events: [ev(1)] }], {});
    await expect(
      store.append([{ streamId: stream, expectedVersion: 0, events: [ev(2)] }], {}),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('reads the global order after a position, never repeating it', async () => {
    const stream = `test-${randomUUID()}`;
    await store.append(
      [{ streamId: stream, expectedVersion: 'any', events: [ev(1), ev(2), ev(3)] }],
      {},
    );
    const all = await store.readAll(START, 100_000);
    const mine = all.filter((e) => e.streamId === stream);
    expect(mine).toHaveLength(3);
    const next = await store.readAll(mine[0]!.position, 2);
    expect(comparePositions(next[0]!.position, mine[0]!.position)).toBeGreaterThan(0);
  });
});
