import { catalogue } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createPgEventStore } from './pg-event-store.ts';
import { ConcurrencyError, type EventStore, type NewEvent } from './types.ts';

/**
 * 'open': an append that checks no version, only that the stream holds no closing event. Checked
 * where every append goes through, whichever statement appends and whatever the appending store
 * knows of the stream.
 */
let pool: Pool;
let chained: EventStore;
let inDatabase: EventStore;
/** Another process: its store knows none of the heads the others wrote. */
let closer: EventStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 8);
  chained = createPgEventStore(pool, { reader: catalogue });
  inDatabase = createPgEventStore(pool, { reader: catalogue, hashInDatabase: true });
  closer = createPgEventStore(pool, { reader: catalogue });
});
afterAll(async () => {
  for (const store of [chained, inDatabase, closer]) await store.close();
  await pool.end();
});

const credit = (eventId?: string): NewEvent => ({
  type: 'AccountCredited',
  schemaVersion: 1,
  data: { amount: 1 },
  ...(eventId ? { eventId } : {}),
});
const closing: NewEvent = {
  type: 'AccountClosed',
  schemaVersion: 1,
  data: { reason: 'owner_erased' },
};

const typesOf = async (streamId: string) =>
  (
    await pool.query<{ type: string }>(
      'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [streamId],
    )
  ).rows.map((r) => r.type);

describe("an 'open' append", () => {
  for (const [name, store] of [
    ['chained hashes', () => chained],
    ['append_batch()', () => inDatabase],
  ] as const) {
    it(`lands on any version of an open stream and fails once it is closed (${name})`, async () => {
      const stream = `account-${crypto.randomUUID()}`;
      const open = (events = [credit()]) =>
        store().append([{ streamId: stream, expectedVersion: 'open', events }], {});
      await open();
      await closer.append([{ streamId: stream, expectedVersion: 'any', events: [credit()] }], {});
      await open(); // not at the version it last wrote: still lands
      await closer.append([{ streamId: stream, expectedVersion: 3, events: [closing] }], {});

      await expect(open()).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(open()).rejects.toBeInstanceOf(ConcurrencyError);
      // Nothing else of the command lands either: one append is one atomic unit.
      const other = `account-${crypto.randomUUID()}`;
      await expect(
        store().append(
          [
            { streamId: other, expectedVersion: 'no_stream', events: [credit()] },
            { streamId: stream, expectedVersion: 'open', events: [credit()] },
          ],
          {},
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await typesOf(other)).toEqual([]);
      // 'any' is not about closing (a notification still lands).
      await store().append([{ streamId: stream, expectedVersion: 'any', events: [credit()] }], {});
      expect(await typesOf(stream)).toEqual([
        'AccountCredited',
        'AccountCredited',
        'AccountCredited',
        'AccountClosed',
        'AccountCredited',
      ]);
    });
  }

  it('fails where a group commit falls back to appending command by command', async () => {
    const stream = `account-${crypto.randomUUID()}`;
    await closer.append(
      [{ streamId: stream, expectedVersion: 'no_stream', events: [closing] }],
      {},
    );
    const reused = crypto.randomUUID();
    await chained.append(
      [
        {
          streamId: `account-${crypto.randomUUID()}`,
          expectedVersion: 0,
          events: [credit(reused)],
        },
      ],
      {},
    );
    // One group commit (one writer, busy with another append while these queue): an event id
    // given twice sends it through append_batch_each().
    const oneWriter = createPgEventStore(pool, {
      reader: catalogue,
      hashInDatabase: true,
      writers: 1,
    });
    const fresh = `account-${crypto.randomUUID()}`;
    const busy = oneWriter.append(
      [{ streamId: `account-${crypto.randomUUID()}`, expectedVersion: 0, events: [credit()] }],
      {},
    );
    const results = await Promise.allSettled([
      oneWriter.append([{ streamId: fresh, expectedVersion: 0, events: [credit(reused)] }], {}),
      oneWriter.append([{ streamId: stream, expectedVersion: 'open', events: [credit()] }], {}),
      oneWriter.append([{ streamId: fresh, expectedVersion: 'open', events: [credit()] }], {}),
    ]);
    await busy;
    await oneWriter.close();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await typesOf(stream)).toEqual(['AccountClosed']);
    expect(await typesOf(fresh)).toEqual(['AccountCredited']);
  });
});

describe('a stream only checked: an append of no events beside others', () => {
  for (const [name, store] of [
    ['chained hashes', () => chained],
    ['append_batch()', () => inDatabase],
  ] as const) {
    it(`holds the command to its version, or to its being open, and writes nothing there (${name})`, async () => {
      const checked = `schedules-${crypto.randomUUID()}`;
      const account = `account-${crypto.randomUUID()}`;
      await closer.append(
        [{ streamId: checked, expectedVersion: 'no_stream', events: [credit()] }],
        {},
      );
      await closer.append(
        [{ streamId: account, expectedVersion: 'no_stream', events: [credit()] }],
        {},
      );
      const command = (expectations: { streamId: string; expectedVersion: 1 | 'open' }[]) =>
        store().append(
          [
            {
              streamId: `other-${crypto.randomUUID()}`,
              expectedVersion: 'no_stream',
              events: [credit()],
            },
            ...expectations.map((e) => ({ ...e, events: [] })),
          ],
          {},
        );
      await command([
        { streamId: checked, expectedVersion: 1 },
        { streamId: account, expectedVersion: 'open' },
      ]);
      expect(await typesOf(checked)).toEqual(['AccountCredited']);

      await closer.append([{ streamId: checked, expectedVersion: 1, events: [credit()] }], {});
      await expect(command([{ streamId: checked, expectedVersion: 1 }])).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await closer.append([{ streamId: account, expectedVersion: 1, events: [closing] }], {});
      await expect(
        command([{ streamId: account, expectedVersion: 'open' }]),
      ).rejects.toBeInstanceOf(ConcurrencyError);
    });
  }
});
