import { randomUUID } from 'node:crypto';
import { streams } from '@bank/events';
import type { EventStore, Pool } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineProjection } from '../projection.ts';
import { readCheckpoint } from './checkpoints.ts';
import { listParkedEvents, parkedEventCounts, retryParkedEvents } from './parking.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { contactRequest, openTestLog } from './test-fixtures.ts';

let pool: Pool;
/** The schema owner: creates the read model and grants (or revokes) the application role. */
let owner: Pool;
let store: EventStore;
let close: () => Promise<void>;
/** The role the runner writes as (the application's). */
let appRole: string;
/** Names the bulk-retry projection refuses, until a test lets them through. */
const refused = new Set<string>();
/** The names the bulk-retry projection applied, in the order it applied them. */
const applied: string[] = [];

const visitors = defineProjection({
  name: 'environment-test',
  tables: ['rm_environment_test'],
  handlers: {
    async ContactRequestSubmitted(d, _event, db) {
      await db.query('INSERT INTO rm_environment_test (request_id, first_name) VALUES ($1, $2)', [
        d.requestId,
        d.firstName,
      ]);
    },
  },
});

const refusing = defineProjection({
  name: 'bulk-retry-test',
  tables: ['rm_bulk_retry_test'],
  handlers: {
    async ContactRequestSubmitted(d, _event, db) {
      if (refused.has(d.firstName)) throw new Error(`cannot project ${d.firstName}`);
      await db.query('INSERT INTO rm_bulk_retry_test (request_id, first_name) VALUES ($1, $2)', [
        d.requestId,
        d.firstName,
      ]);
      applied.push(d.firstName);
    },
  },
});

async function submitted(firstName: string): Promise<void> {
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
}

const namesIn = async (table: string) =>
  (await pool.query<{ first_name: string }>(`SELECT first_name FROM ${table} ORDER BY 1`)).rows.map(
    (r) => r.first_name,
  );

const headPosition = async () =>
  (await pool.query<{ n: number }>('SELECT max(global_position)::int AS n FROM events')).rows[0]!.n;

beforeAll(async () => {
  ({ pool, owner, store, close } = await openTestLog());
  appRole = (await pool.query<{ role: string }>('SELECT current_user AS role')).rows[0]!.role;
  await owner.query(
    'CREATE TABLE rm_environment_test (request_id uuid PRIMARY KEY, first_name text)',
  );
  await owner.query(
    'CREATE TABLE rm_bulk_retry_test (request_id uuid PRIMARY KEY, first_name text)',
  );
});
afterAll(() => close());

describe('a projection its environment breaks stalls, visibly, and loses nothing', () => {
  it('retries a revoked grant with backoff, reports it failing, and catches up once restored', async () => {
    const failing = new Map<string, string>();
    let failures = 0;
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [visitors],
      batchAttempts: 2,
      retryDelayMs: 1,
      idlePollMs: 20,
      onFailing: (projection, error) => {
        failures += 1;
        failing.set(projection, (error as Error).message);
      },
      onRecovered: (projection) => failing.delete(projection),
    });
    await runner.start();
    try {
      await submitted('Ann');
      await expect.poll(() => namesIn('rm_environment_test'), { timeout: 10_000 }).toEqual(['Ann']);

      await owner.query(`REVOKE INSERT, UPDATE ON rm_environment_test FROM ${appRole}`);
      for (const name of ['Bob', 'Cy', 'Dee']) {
        await submitted(name);
        runner.wake();
      }
      await expect
        .poll(() => failing.get('environment-test'), { timeout: 10_000 })
        .toMatch(/permission denied/);
      // Appends while it fails do not make it try again at once: it backs off.
      for (const name of ['Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo']) await submitted(name);
      const before = failures;
      for (let i = 0; i < 20; i += 1) {
        runner.wake();
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      expect(failures - before).toBeLessThanOrEqual(3);
      // Stalled at Bob's event: nothing parked, nothing skipped.
      expect(await parkedEventCounts(pool)).toEqual({});
      expect(await namesIn('rm_environment_test')).toEqual(['Ann']);
      expect(failing.has('environment-test')).toBe(true);

      await owner.query(`GRANT INSERT, UPDATE ON rm_environment_test TO ${appRole}`);
      await expect
        .poll(() => namesIn('rm_environment_test'), { timeout: 15_000 })
        .toEqual(['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo']);
      await expect.poll(() => failing.has('environment-test'), { timeout: 10_000 }).toBe(false);
      expect((await readCheckpoint(pool, 'environment-test')).globalPosition).toBe(
        await headPosition(),
      );
      expect(await listParkedEvents(pool, { all: true })).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});

describe('ops retry every parked event of a projection at once', () => {
  it('applies them in log order, counts those parked again, and stops on a wrong environment', async () => {
    refused.add('Kim').add('Lou').add('Max');
    for (const name of ['Kim', 'Lou', 'Max', 'Ned']) await submitted(name);
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [refusing],
      batchAttempts: 1,
      retryDelayMs: 1,
    });
    await runner.catchUp();
    expect(await parkedEventCounts(pool)).toEqual({ 'bulk-retry-test': 3 });
    expect(await namesIn('rm_bulk_retry_test')).toEqual(
      expect.arrayContaining(['Ann', 'Bob', 'Ned']),
    );

    // Still broken for its environment: the first retry says so and the rest are not tried.
    await owner.query(`REVOKE INSERT ON rm_bulk_retry_test FROM ${appRole}`);
    refused.clear();
    expect(await retryParkedEvents(pool, store, [refusing], 'bulk-retry-test')).toEqual({
      applied: 0,
      parkedAgain: 0,
      stoppedBy: expect.stringMatching(/permission denied/),
    });
    await owner.query(`GRANT INSERT ON rm_bulk_retry_test TO ${appRole}`);

    // One still refused: it stays parked, the others are applied.
    refused.add('Lou');
    applied.length = 0;
    expect(await retryParkedEvents(pool, store, [refusing], 'bulk-retry-test')).toEqual({
      applied: 2,
      parkedAgain: 1,
    });
    expect(applied).toEqual(['Kim', 'Max']);
    expect((await listParkedEvents(pool)).map((p) => p.error)).toEqual(['cannot project Lou']);

    refused.clear();
    expect(await retryParkedEvents(pool, store, [refusing], 'bulk-retry-test')).toEqual({
      applied: 1,
      parkedAgain: 0,
    });
    expect(await parkedEventCounts(pool)).toEqual({});
    expect(await retryParkedEvents(pool, store, [refusing], 'no-such-projection')).toBe(
      'not-found',
    );
  });
});

describe('start-up catch-up with a read model its environment breaks', () => {
  const broken = defineProjection({
    name: 'startup-broken-test',
    tables: ['rm_startup_broken_test'],
    handlers: {
      async ContactRequestSubmitted(d, _event, db) {
        await db.query('INSERT INTO rm_startup_broken_test (request_id) VALUES ($1)', [
          d.requestId,
        ]);
      },
    },
  });

  it('leaves it to its loop, parks nothing, and the others catch up', async () => {
    await owner.query('CREATE TABLE rm_startup_broken_test (request_id uuid PRIMARY KEY)');
    await owner.query(`REVOKE INSERT ON rm_startup_broken_test FROM ${appRole}`);
    await submitted('Ola');
    const errors: string[] = [];
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [broken, visitors],
      batchAttempts: 1,
      retryDelayMs: 1,
      onError: (projection) => errors.push(projection),
    });
    try {
      // What a test (or an operator's tool) asks for: everything projected, or a failure.
      await expect(runner.catchUp()).rejects.toThrow(/permission denied/);
      // What start-up asks for: the bank starts, the broken read model waits for its loop.
      await runner.catchUp({ leaveFailingToLoops: true });
      expect(errors).toContain('startup-broken-test');
      expect(await parkedEventCounts(pool)).toEqual({});
      expect(await namesIn('rm_environment_test')).toContain('Ola');
      expect((await readCheckpoint(pool, 'startup-broken-test')).globalPosition).toBeLessThan(
        await headPosition(),
      );
    } finally {
      await owner.query(`GRANT INSERT ON rm_startup_broken_test TO ${appRole}`);
    }
  });
});
