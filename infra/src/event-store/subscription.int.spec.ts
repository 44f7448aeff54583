import { randomBytes, randomUUID } from 'node:crypto';
import { catalogue } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createSecretBox } from '../security/encryption.ts';
import { createKeyring, type Keyring } from '../security/keyring.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createPgEventStore } from './pg-event-store.ts';
import { createPiiProtector } from './pii-protector.ts';
import { resetFollower } from './checkpoints.ts';
import { createSubscription } from './subscription.ts';
import { START, type EventStore, type NewEvent, type RecordedEvent } from './types.ts';

const raised = (customerId: string, title: string): NewEvent => ({
  type: 'NotificationRaised',
  schemaVersion: 1,
  data: {
    customerId,
    notificationId: randomUUID(),
    type: 'system',
    title,
    message: title,
    priority: 'low',
  },
});

const deleted = (customerId: string): NewEvent => ({
  type: 'NotificationDeleted',
  schemaVersion: 1,
  data: { customerId, notificationId: randomUUID() },
});

let pool: Pool;
let store: EventStore;
let keyring: Keyring;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 4);
  keyring = createKeyring(pool, createSecretBox(randomBytes(32)), randomBytes(32));
  // The title is sealed, so a handler that gets it in clear got an opened event.
  const rules = { NotificationRaised: [{ owner: ['customerId'], fields: ['title'] }] };
  store = createPgEventStore(pool, {
    reader: catalogue,
    protector: createPiiProtector(keyring, rules, '[erased]'),
  });
});

afterAll(async () => {
  await store?.close();
  await pool?.end();
});

describe('a subscription to some event types', () => {
  it('is handed only those, opened and read, and its checkpoint passes over the others', async () => {
    const customerId = randomUUID();
    const stream = `notifications-${customerId}`;
    await store.append(
      [
        {
          streamId: stream,
          expectedVersion: 'no_stream',
          events: [deleted(customerId), raised(customerId, 'first'), deleted(customerId)],
        },
      ],
      { actor: 'test', correlationId: 'c-1' },
    );
    await store.append([{ streamId: stream, expectedVersion: 3, events: [deleted(customerId)] }], {
      actor: 'test',
      correlationId: 'c-2',
    });

    const handled: RecordedEvent[] = [];
    const subscription = createSubscription({
      pool,
      store,
      name: `typed-${customerId}`,
      types: ['NotificationRaised'],
      batchSize: 2,
      handle: async (events) => {
        handled.push(...events);
      },
    });
    await subscription.drain();

    expect(handled.map((e) => e.event)).toEqual([
      { type: 'NotificationRaised', data: expect.objectContaining({ title: 'first' }) },
    ]);
    const { rows } = await pool.query<{ global_position: number }>(
      'SELECT global_position FROM projection_checkpoints WHERE projection = $1',
      [`typed-${customerId}`],
    );
    const last = await store.readStream(stream);
    expect(rows[0]!.global_position).toBe(last[last.length - 1]!.position.globalPosition);
  });
});

describe('a subscription drained while it runs', () => {
  it('handles one batch at a time, so a handler that resets its checkpoint is read from the start', async () => {
    const customerId = randomUUID();
    const stream = `notifications-${customerId}`;
    const name = `reset-${customerId}`;
    const titles = Array.from({ length: 6 }, (_, i) => `title ${i}`);
    await store.append(
      [
        {
          streamId: stream,
          expectedVersion: 'no_stream',
          events: titles.map((t) => raised(customerId, t)),
        },
      ],
      {},
    );
    let handling = 0;
    let most = 0;
    let reset = false;
    const seen = new Set<string>();
    const subscription = createSubscription({
      pool,
      store,
      name,
      types: ['NotificationRaised'],
      batchSize: 2,
      idlePollMs: 5,
      handle: async (events) => {
        handling += 1;
        most = Math.max(most, handling);
        try {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const mine = events.filter((e) => e.streamId === stream);
          // The first batch of ours finds its queue lost: back to the start, as the job queue does.
          if (!reset && mine.length > 0) {
            reset = true;
            await pool.query('DELETE FROM projection_checkpoints WHERE projection = $1', [name]);
            throw new Error('lost: read the log again');
          }
          for (const e of mine) seen.add((e.event.data as { title: string }).title);
        } finally {
          handling -= 1;
        }
      },
    });
    subscription.start();
    try {
      await Promise.all([
        subscription.drain().catch(() => undefined),
        subscription.drain().catch(() => undefined),
      ]);
      await subscription.drain();
    } finally {
      await subscription.stop();
    }
    expect(most).toBe(1);
    expect([...seen].sort()).toEqual(titles);
  });
});

describe('a checkpoint reset by one process while another hands over a batch', () => {
  it('is not undone by the other’s save: the log is handed over again from the start', async () => {
    const customerId = randomUUID();
    const stream = `notifications-${customerId}`;
    const name = `two-processes-${customerId}`;
    const titles = Array.from({ length: 8 }, (_, i) => `title ${i}`);
    const append = (from: number, to: number) =>
      store.append(
        [
          {
            streamId: stream,
            expectedVersion: from === 0 ? 'no_stream' : from,
            events: titles.slice(from, to).map((t) => raised(customerId, t)),
          },
        ],
        {},
      );
    const titlesOf = (events: RecordedEvent[]) =>
      events
        .filter((e) => e.streamId === stream)
        .map((e) => (e.event.data as { title: string }).title);

    // Two bank processes following the log under one checkpoint name.
    let holding = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside: (() => void) | undefined;
    const handedAgain = new Set<string>();
    let resetDone = false;
    const follower = (held: boolean) =>
      createSubscription({
        pool,
        store,
        name,
        types: ['NotificationRaised'],
        handle: async (events) => {
          const mine = titlesOf(events);
          if (held && holding && mine.length > 0) {
            inside?.();
            await gate;
          }
          if (resetDone) for (const t of mine) handedAgain.add(t);
        },
      });
    const b = follower(true);
    const a = follower(false);

    await append(0, 6);
    await b.drain();

    // B reads the next batch and is held in its handler, before it saves the batch's end.
    await append(6, 8);
    holding = true;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const bStep = b.drain();
    await entered;

    // A finds the queue lost and sends the checkpoint back to the start.
    await resetFollower(pool, name);
    resetDone = true;
    release();
    await bStep;

    // Both go on: between them, the whole log is handed over again.
    await a.drain();
    await b.drain();
    expect([...handedAgain].sort()).toEqual(titles);
  });
});

describe('an idle subscription whose checkpoint was reset', () => {
  it('reads the log again from the start once told to read its checkpoint again', async () => {
    const customerId = randomUUID();
    const stream = `notifications-${customerId}`;
    const name = `idle-reset-${customerId}`;
    await store.append(
      [{ streamId: stream, expectedVersion: 'no_stream', events: [raised(customerId, 'only')] }],
      {},
    );
    let handed = 0;
    const subscription = createSubscription({
      pool,
      store,
      name,
      types: ['NotificationRaised'],
      handle: async (events) => {
        handed += events.filter((e) => e.streamId === stream).length;
      },
    });
    await subscription.drain();
    expect(handed).toBe(1);

    // Nothing new to read: without being told, it would never look at its checkpoint again.
    await resetFollower(pool, name);
    await subscription.drain();
    expect(handed).toBe(1);
    subscription.reread();
    await subscription.drain();
    expect(handed).toBe(2);
  });
});

describe('reading some event types of the log', () => {
  it('sends only those, opened, and tells how far the read went', async () => {
    const customerId = randomUUID();
    const stream = `notifications-${customerId}`;
    const { rows } = await pool.query<{ transaction_id: string; global_position: number }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM events
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const before = rows[0]
      ? { transactionId: BigInt(rows[0].transaction_id), globalPosition: rows[0].global_position }
      : START;
    const events = [
      deleted(customerId),
      raised(customerId, 'title 1'),
      deleted(customerId),
      raised(customerId, 'title 3'),
      deleted(customerId),
    ];
    await store.append([{ streamId: stream, expectedVersion: 'no_stream', events }], {});
    const positions = (await store.readStream(stream)).map((e) => e.position);
    const titles = (read: { events: RecordedEvent[] }) =>
      read.events.map((e) => (e.event.data as { title: string }).title);
    const types = ['NotificationRaised'];

    const first = await store.readAllOfTypes!(before, 1, types);
    expect(titles(first)).toEqual(['title 1']);
    expect(first.through).toEqual(positions[1]);
    const rest = await store.readAllOfTypes!(first.through, 10, types);
    expect(titles(rest)).toEqual(['title 3']);
    expect(rest.through).toEqual(positions[4]);
    const none = await store.readAllOfTypes!(rest.through, 10, types);
    expect(none).toEqual({ events: [], through: positions[4] });
  });
});

describe("the log's followers reading an event again", () => {
  it('get it opened as it is now: erased once its subject’s key is destroyed', async () => {
    const customerId = randomUUID();
    await store.append(
      [
        {
          streamId: `notifications-${customerId}`,
          expectedVersion: 'no_stream',
          events: [raised(customerId, 'personal')],
        },
      ],
      { actor: 'test' },
    );
    const titles = async () => {
      const titles: unknown[] = [];
      let position = START;
      for (let b = await store.readAll(position, 500); b.length > 0;) {
        for (const e of b) {
          if ((e.event.data as { customerId?: string }).customerId === customerId) {
            titles.push((e.event.data as { title: unknown }).title);
          }
        }
        position = b[b.length - 1]!.position;
        b = await store.readAll(position, 500);
      }
      return titles;
    };
    expect(await titles()).toEqual(['personal']);
    await keyring.destroy(customerId);
    expect(await titles()).toEqual(['[erased]']);
  });
});
