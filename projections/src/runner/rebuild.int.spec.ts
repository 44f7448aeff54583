import { randomUUID } from 'node:crypto';
import {
  AccountCredited,
  AccountDebited,
  catalogue,
  FundsHeld,
  HoldReleased,
  ledgerAccounts,
  PARTITION_KEY,
  PARTITION_KEYS,
  streams,
} from '@bank/events';
import {
  createPgEventStore,
  createPool,
  type EventStore,
  type Pool,
  type RecordedEvent,
} from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsProjection } from '../read-models/transactions/projection.ts';
import type { Projection } from '../projection.ts';
import { ArrayParam } from '../toolkit/array-param.ts';
import { readModelHash, rebuildWithShadow } from '../toolkit/shadow-rebuild.ts';
import { BULK_ROWS } from '../toolkit/write-behind.ts';
import { readLogBatch } from './log-reader.ts';
import { checkingOpened } from './test-fixtures.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { readCheckpoint } from './checkpoints.ts';
import { rebuildProjection } from './rebuild.ts';

let pool: Pool;
let owner: Pool;
let store: EventStore;

/** Text that an SQL literal or an array literal must carry through unchanged. */
const awkward = [
  "it's",
  'back\\slash',
  '"quoted"',
  'NULL',
  '',
  '{braces},comma',
  ' leading and trailing ',
  'ünïcødé ✓ 𝄞',
  'tab\tnew\nline',
  '\\\'"mixed\\"',
];

/** More consecutive plain postings per account than a bulk write takes. */
const POSTINGS = BULK_ROWS + 200;

async function appendLog(): Promise<void> {
  for (let a = 0; a < 3; a += 1) {
    const accountId = randomUUID();
    const postings = Array.from({ length: POSTINGS }, (_, i) => {
      const text = awkward[(i + a) % awkward.length]!;
      const data = {
        accountId,
        entryId: randomUUID(),
        amount: 100 + i,
        description: `${text} #${i}`,
        kind: i % 7 === 0 ? text : 'deposit',
        contra: ledgerAccounts.cash,
        reference: text,
        ...(i % 3 === 0
          ? { metadata: { memo: text, nested: { quote: "'", list: [text, 1] } } }
          : {}),
        ...(i % 11 === 0
          ? { occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }
          : {}),
      };
      return i % 5 === 4 ? AccountDebited.create(data) : AccountCredited.create(data);
    });
    const holds = [randomUUID(), randomUUID()];
    await store.append(
      [
        {
          streamId: streams.account(accountId),
          expectedVersion: 'no_stream',
          events: [
            checkingOpened({
              accountId,
              customerId: randomUUID(),
              accountNumber: String(200000000000 + a),
            }),
            ...postings,
            ...holds.map((holdId) =>
              FundsHeld.create({
                accountId,
                holdId,
                amount: 50,
                description: awkward[a]!,
                kind: 'bill_payment',
                reference: 'H',
              }),
            ),
            AccountDebited.create({
              accountId,
              entryId: randomUUID(),
              amount: 50,
              description: 'Settled',
              kind: 'bill_payment',
              contra: ledgerAccounts.cash,
              reference: 'H',
              holdId: holds[0]!,
            }),
            HoldReleased.create({ accountId, holdId: holds[1]!, reason: awkward[a + 1]! }),
          ] as never[],
        },
      ],
      {},
    );
  }
}

beforeAll(async () => {
  const url = await createTestDatabase();
  pool = createPool(url, 10);
  owner = createPool(testDatabaseUrlAs(url, 'owner'), 4);
  store = createPgEventStore(pool, { reader: catalogue });
  await appendLog();
});
afterAll(async () => {
  await pool.end();
  await owner.end();
});

describe('rebuild of the transactions projection', () => {
  it('leaves the rows the live runner leaves, through bulk writes of awkward text', async () => {
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [transactionsProjection],
      idlePollMs: 20,
    });
    await runner.start();
    try {
      await runner.catchUp();
    } finally {
      await runner.stop();
    }
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rm_transactions',
    );
    expect(rows[0]!.n).toBe(3 * (POSTINGS + 2));
    const live = await readModelHash(pool, transactionsProjection);

    await rebuildProjection(pool, store, transactionsProjection);
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live);
    // One event at a time, through the handlers (a copy with its own handlers object).
    const oneByOne: Projection = {
      ...transactionsProjection,
      handlers: { ...transactionsProjection.handlers },
    };
    await rebuildProjection(pool, store, oneByOne);
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live);
    // The shadow rebuild (an operator's tool) creates and swaps tables as the schema owner; the
    // application role can still read and write the tables swapped in.
    await rebuildWithShadow(
      owner,
      createPgEventStore(owner, { reader: catalogue }),
      transactionsProjection,
    );
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live);
    await rebuildProjection(pool, store, transactionsProjection);
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live);
    const { rows: head } = await pool.query<{ n: number }>(
      'SELECT max(global_position) AS n FROM events',
    );
    expect((await readCheckpoint(pool, 'transactions')).globalPosition).toBe(Number(head[0]!.n));
  });

  it('reads the log for a rebuild without the partition keys, which only the Kafka relay uses', async () => {
    // The store stamps each event's own stream's key; its database fallback, every stream's.
    for (const [hashInDatabase, stamp] of [
      [false, PARTITION_KEY],
      [true, PARTITION_KEYS],
    ] as const) {
      const accountId = randomUUID();
      const customerId = randomUUID();
      const keyed = createPgEventStore(pool, {
        reader: catalogue,
        hashInDatabase,
        partitionKeys: () => ({ [streams.account(accountId)]: customerId }),
      });
      const { position } = await keyed.append(
        [
          {
            streamId: streams.account(accountId),
            expectedVersion: 'no_stream',
            events: [checkingOpened({ accountId, customerId, accountNumber: '299999999999' })],
          },
        ],
        { actor: 'rebuild-test', correlationId: 'c-1' },
      );
      const { rows } = await pool.query<{ metadata: Record<string, unknown> }>(
        'SELECT metadata FROM events WHERE global_position = $1',
        [position.globalPosition],
      );
      expect(rows[0]!.metadata).toHaveProperty(stamp);
      const before = { ...position, globalPosition: Number(position.globalPosition) - 1 };
      // Readable once every transaction older than the append has ended (on the whole server).
      let read: RecordedEvent | undefined;
      for (const deadline = Date.now() + 10_000; !read && Date.now() < deadline;) {
        [read] = await readLogBatch(pool, {}, before, 1);
      }
      expect(read!.position.globalPosition).toBe(Number(position.globalPosition));
      expect(read!.metadata).toEqual(
        Object.fromEntries(Object.entries(rows[0]!.metadata).filter(([key]) => key !== stamp)),
      );
    }
  });

  it('sends array parameters and literals as node-postgres would', async () => {
    const when = new Date(Date.UTC(2026, 10, 22, 18, 30, 1, 234));
    const values = [...awkward, null, undefined, 'x'];
    const { rows } = await pool.query<Record<string, boolean>>(
      `SELECT $1::text[] IS NOT DISTINCT FROM $2::text[] AS text,
              $3::timestamptz[] = $4::timestamptz[] AS time,
              $5::bigint[] = $6::bigint[] AS number,
              $7::jsonb[] = $8::jsonb[] AS json`,
      [
        new ArrayParam(values),
        values.map((v) => v ?? null),
        new ArrayParam([when, null]),
        [when, null],
        new ArrayParam([1, -2, 9007199254740991n]),
        [1, -2, '9007199254740991'],
        new ArrayParam(awkward.map((text) => JSON.stringify({ text }))),
        awkward.map((text) => JSON.stringify({ text })),
      ],
    );
    expect(rows[0]).toEqual({ text: true, time: true, number: true, json: true });
  });
});
