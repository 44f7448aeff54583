import { randomUUID } from 'node:crypto';
import { streams } from '@bank/events';
import { skippedEventCounts, type EventStore, type Pool } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineProjection } from '../projection.ts';
import {
  applyInTransactionOrPark,
  listParkedEvents,
  parkedEventCounts,
  retryParkedEvent,
  skipParkedEvent,
} from './parking.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { readCheckpoint } from './checkpoints.ts';
import { contactRequest, openTestLog } from './test-fixtures.ts';

let pool: Pool;
/** The schema owner: creates the test's table and writes the log beside the append function. */
let owner: Pool;
let store: EventStore;
let close: () => Promise<void>;
/** Names the test projection refuses, until a test lets them through. */
const refused = new Set(['Poison', 'Skipme']);

const visitors = defineProjection({
  name: 'parking-test',
  tables: ['rm_parking_test'],
  handlers: {
    async ContactRequestSubmitted(d, _event, db) {
      if (refused.has(d.firstName)) throw new Error(`cannot project ${d.firstName}`);
      await db.query('INSERT INTO rm_parking_test (request_id, first_name) VALUES ($1, $2)', [
        d.requestId,
        d.firstName,
      ]);
    },
  },
});

async function submitted(firstName: string): Promise<string> {
  const requestId = randomUUID();
  await store.append(
    [
      {
        streamId: streams.contactRequest(requestId),
        expectedVersion: 'no_stream',
        events: [contactRequest(requestId, firstName)],
      },
    ],
    {},
  );
  return requestId;
}

const names = async () =>
  (
    await pool.query<{ first_name: string }>(
      'SELECT first_name FROM rm_parking_test ORDER BY first_name',
    )
  ).rows.map((r) => r.first_name);

const eventIdOf = async (requestId: string) =>
  (
    await pool.query<{ event_id: string }>('SELECT event_id FROM events WHERE stream_id = $1', [
      streams.contactRequest(requestId),
    ])
  ).rows[0]!.event_id;

beforeAll(async () => {
  ({ pool, owner, store, close } = await openTestLog());
  // The test's read model is created by the schema owner, as a migration would; the runner
  // writes it as the application role.
  await owner.query('CREATE TABLE rm_parking_test (request_id uuid PRIMARY KEY, first_name text)');
});
afterAll(() => close());

describe('a projection never stalls on one event', () => {
  it('parks an event that keeps failing, projects the ones after it, and lets ops retry or skip', async () => {
    await submitted('Ann');
    const poison = await submitted('Poison');
    await submitted('Bob');
    const skip = await submitted('Skipme');
    await submitted('Cy');
    const parkedLog: string[] = [];
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [visitors],
      batchAttempts: 2,
      retryDelayMs: 1,
      onParked: (p) => parkedLog.push(p.eventId),
    });
    await runner.catchUp();

    expect(await names()).toEqual(['Ann', 'Bob', 'Cy']);
    const head = await pool.query<{ n: number }>(
      'SELECT max(global_position)::int AS n FROM events',
    );
    expect((await readCheckpoint(pool, 'parking-test')).globalPosition).toBe(head.rows[0]!.n);
    const poisonId = await eventIdOf(poison);
    const skipId = await eventIdOf(skip);
    expect(parkedLog.sort()).toEqual([poisonId, skipId].sort());
    const parked = await listParkedEvents(pool);
    expect(parked.map((p) => [p.eventId, p.type, p.status])).toEqual(
      expect.arrayContaining([
        [poisonId, 'ContactRequestSubmitted', 'parked'],
        [skipId, 'ContactRequestSubmitted', 'parked'],
      ]),
    );
    expect(parked.find((p) => p.eventId === poisonId)!.error).toContain('cannot project Poison');
    expect(await parkedEventCounts(pool)).toEqual({ 'parking-test': 2 });

    // Still failing: it stays parked, with the attempt counted.
    expect(await retryParkedEvent(pool, store, [visitors], 'parking-test', poisonId)).toEqual({
      failed: 'cannot project Poison',
    });
    // Fixed (a new version of the handler): the retry applies it once.
    refused.delete('Poison');
    expect(await retryParkedEvent(pool, store, [visitors], 'parking-test', poisonId)).toBe(
      'retried',
    );
    expect(await retryParkedEvent(pool, store, [visitors], 'parking-test', poisonId)).toBe(
      'not-found',
    );
    expect(await skipParkedEvent(pool, 'parking-test', skipId)).toBe('skipped');
    expect(await names()).toEqual(['Ann', 'Bob', 'Cy', 'Poison']);
    expect(await parkedEventCounts(pool)).toEqual({});
    expect((await listParkedEvents(pool, { all: true })).map((p) => p.status).sort()).toEqual([
      'retried',
      'skipped',
    ]);

    // Later events project as before.
    await submitted('Dee');
    await runner.catchUp();
    expect(await names()).toContain('Dee');
  });

  it('passes over events of an unknown type or failing their schema, counting them', async () => {
    const insert = (type: string, version: number, data: unknown) =>
      owner.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data)
         VALUES ($1, $2, 1, $3, $4, $5)`,
        [randomUUID(), `future-${randomUUID()}`, type, version, JSON.stringify(data)],
      );
    await insert('EventFromANewerVersion', 1, { anything: true });
    await insert('ContactRequestSubmitted', 99, {});
    await insert('ContactRequestSubmitted', 1, { requestId: 'not a uuid' });
    await submitted('Eve');
    const runner = createProjectionRunner({ pool, store, projections: [visitors] });
    await runner.catchUp();
    expect(await names()).toContain('Eve');
    const skipped = skippedEventCounts();
    expect(skipped).toEqual(
      expect.arrayContaining([
        { type: 'EventFromANewerVersion', reason: 'unknown_type_or_version', count: 1 },
        { type: 'ContactRequestSubmitted', reason: 'unknown_type_or_version', count: 1 },
        { type: 'ContactRequestSubmitted', reason: 'invalid_data', count: 1 },
      ]),
    );
    // Read again (another reader, a rebuild): counted once per event.
    await store.readAll({ transactionId: 0n, globalPosition: 0 }, 1000);
    expect(skippedEventCounts()).toEqual(skipped);
  });

  it('parks inside the caller’s transaction (the Kafka workers): the rest of the batch commits', async () => {
    const head = await pool.query<{ tx: string; gp: number }>(
      `SELECT transaction_id::text AS tx, global_position AS gp FROM events
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const from = { transactionId: BigInt(head.rows[0]!.tx), globalPosition: head.rows[0]!.gp };
    refused.add('Poison2');
    await submitted('Fay');
    const poison = await submitted('Poison2');
    await submitted('Gus');
    const events = await store.readAll(from, 100);
    expect(events).toHaveLength(3);
    const parkedLog: string[] = [];
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await applyInTransactionOrPark(client, visitors, events, (p) => parkedLog.push(p.eventId));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await names()).toEqual(expect.arrayContaining(['Fay', 'Gus']));
    expect(await names()).not.toContain('Poison2');
    expect(parkedLog).toEqual([await eventIdOf(poison)]);
    expect((await listParkedEvents(pool)).map((p) => p.eventId)).toContain(await eventIdOf(poison));
  });
});
