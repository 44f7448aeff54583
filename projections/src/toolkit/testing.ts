import { randomUUID } from 'node:crypto';
import { catalogue, type BankEvent } from '@bank/events';
import { createPgEventStore, createPool, type EventMetadata, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, expect, onTestFinished } from 'vitest';
import type { Projection } from '../projection.ts';
import { catchUpProjection } from '../runner/catch-up.ts';

/** An event for a scenario: any catalogue event, optionally placed on a stream and in time. */
export type GivenEvent = BankEvent & {
  streamId?: string;
  metadata?: EventMetadata;
  /** When it was recorded; by default one second after the previous event, from 2025-01-01. */
  recordedAt?: Date | string;
  /** Stored schema version of the data (default 1); it is upcast like any stored event. */
  schemaVersion?: number;
};

export interface ThenRowsOptions {
  /** Compare in this order (SQL ORDER BY); by default rows are compared in any order. */
  orderBy?: string;
  /** Only rows matching this SQL condition. */
  where?: string;
}

export interface Scenario {
  /** Asserts that `table` holds exactly these rows, looking only at the columns they name. */
  thenRows(
    table: string,
    rows: Record<string, unknown>[],
    options?: ThenRowsOptions,
  ): Promise<void>;
  /**
   * The database after the projection ran, for assertions of your own: as the bank's application
   * role, or as the schema owner (what an operator's rebuild and new tables need).
   */
  pool(role?: 'app' | 'owner'): Promise<Pool>;
}

const BASE_TIME = Date.parse('2025-01-01T00:00:00.000Z');

const DATE_TYPE = 1082;

/** A `date` column's day, as node-postgres reads it (local midnight): YYYY-MM-DD in any zone. */
const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Times as ISO text, days (date columns) as YYYY-MM-DD and bytea as hex, so rows compare as
 * plain JSON values.
 */
function plain(value: unknown, isDay: boolean): unknown {
  if (value instanceof Date) return isDay ? day(value) : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return value;
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return name;
};

interface TestDatabase {
  app: Pool;
  owner: Pool;
  /** The last version written to each stream. */
  versions: Map<string, number>;
}

async function openTestDatabase(): Promise<TestDatabase> {
  // The projection runs as the bank's application role; the given events, which may carry
  // recorded times of their own, are written directly by the schema owner.
  const url = await createTestDatabase();
  return {
    app: createPool(url, 4),
    owner: createPool(testDatabaseUrlAs(url, 'owner'), 4),
    versions: new Map(),
  };
}

const closeTestDatabase = (db: TestDatabase) => Promise.all([db.app.end(), db.owner.end()]);

/**
 * Writes the events into the log (real PostgreSQL, hashes chained by the database), each in a
 * transaction of its own; answers the last one's transaction id.
 */
async function writeEvents(db: TestDatabase, events: readonly GivenEvent[]): Promise<string> {
  let last = '0';
  for (const [i, given] of events.entries()) {
    const { streamId = 'scenario', metadata = {}, recordedAt, schemaVersion = 1, ...event } = given;
    catalogue.read(event.type, schemaVersion, event.data); // refuses data its schema would not
    const version = (db.versions.get(streamId) ?? 0) + 1;
    db.versions.set(streamId, version);
    const { rows } = await db.owner.query<{ xid: string }>(
      `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING transaction_id::text AS xid`,
      [
        randomUUID(),
        streamId,
        version,
        event.type,
        schemaVersion,
        JSON.stringify(event.data),
        JSON.stringify(metadata),
        recordedAt ? new Date(recordedAt) : new Date(BASE_TIME + i * 1000),
      ],
    );
    last = rows[0]!.xid;
  }
  return last;
}

/**
 * Waits until the log reader reads the transaction `xid`: it reads only below the oldest
 * transaction still open anywhere on the server (so that it never skips one that commits late),
 * and the test files running beside this one keep transactions open on the same server.
 */
async function untilReadable(pool: Pool, xid: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await pool.query<{ readable: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS readable',
      [xid],
    );
    if (rows[0]!.readable) return;
    if (Date.now() > deadline) throw new Error(`Transaction ${xid} is still not readable.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * In a database shared by several scenarios: empties the projection's tables and moves its
 * checkpoint to the end of the log, so that it sees the next scenario's events and no earlier.
 */
async function startAfresh(db: TestDatabase, projection: Projection): Promise<void> {
  await db.owner.query(`TRUNCATE ${projection.tables.map(ident).join(', ')}`);
  await db.owner.query(
    `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
     SELECT $1, transaction_id, global_position FROM events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1
     ON CONFLICT (projection) DO UPDATE
       SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position`,
    [projection.name],
  );
}

/** Runs the projection over the events, from its checkpoint (the start of a fresh log). */
async function runScenario(
  db: TestDatabase,
  projection: Projection,
  events: readonly GivenEvent[],
): Promise<void> {
  await untilReadable(db.app, await writeEvents(db, events));
  const store = createPgEventStore(db.app, { reader: catalogue });
  await catchUpProjection(db.app, store, projection);
}

export interface ProjectionTestOptions {
  /**
   * One database for every scenario of this helper (of the file, when it is called at the top),
   * instead of a fresh one per scenario: much faster. Each scenario then starts the projection
   * from empty tables at the end of the log, so it sees its own events only; assert on one
   * scenario before giving the next. Not for tests that replay the whole log (rebuilds).
   */
  sharedDatabase?: boolean;
}

/**
 * Given-then tests for one projection:
 *
 *   const { givenEvents } = projectionTest(accountsProjection, { sharedDatabase: true });
 *   await givenEvents([{ type: 'AccountOpened', data: {...} }]).thenRows('rm_accounts', [{ ... }]);
 */
export function projectionTest(
  projection: Projection,
  { sharedDatabase = false }: ProjectionTestOptions = {},
) {
  let shared: Promise<TestDatabase> | undefined;
  if (sharedDatabase) {
    afterAll(async () => {
      if (shared) await closeTestDatabase(await shared);
    });
  }
  /** The scenario whose rows the shared database holds; the runs there go one after another. */
  let current: object | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const run = (scenario: object, events: readonly GivenEvent[]): Promise<TestDatabase> => {
    if (!sharedDatabase) {
      return openTestDatabase().then(async (db) => {
        onTestFinished(() => closeTestDatabase(db).then(() => {}));
        await runScenario(db, projection, events);
        return db;
      });
    }
    const ran = queue.then(async () => {
      const db = await (shared ??= openTestDatabase());
      current = scenario;
      await startAfresh(db, projection);
      await runScenario(db, projection, events);
      return db;
    });
    queue = ran.catch(() => {});
    return ran;
  };

  return {
    givenEvents(events: readonly GivenEvent[]): Scenario {
      const scenario = {};
      let ready: Promise<TestDatabase> | undefined;
      const database = async () => {
        const db = await (ready ??= run(scenario, events));
        if (sharedDatabase && current !== scenario) {
          throw new Error('Another scenario ran since this one: assert on each before the next.');
        }
        return db;
      };
      return {
        pool: async (role = 'app') => (await database())[role],
        async thenRows(table, expected, options = {}) {
          const pool = (await database()).app;
          const columns = [...new Set(expected.flatMap((row) => Object.keys(row)))];
          const select = columns.length > 0 ? columns.map(ident).join(', ') : '*';
          const { rows, fields } = await pool.query(
            `SELECT ${select} FROM ${ident(table)}` +
              (options.where ? ` WHERE ${options.where}` : '') +
              (options.orderBy ? ` ORDER BY ${options.orderBy}` : ''),
          );
          const days = new Set(fields.filter((f) => f.dataTypeID === DATE_TYPE).map((f) => f.name));
          const normalise = (row: Record<string, unknown>) =>
            Object.fromEntries(columns.map((c) => [c, plain(row[c], days.has(c))]));
          const actual = rows.map(normalise);
          const wanted = expected.map(normalise);
          if (!options.orderBy) {
            const key = (row: Record<string, unknown>) => JSON.stringify(row);
            actual.sort((a, b) => key(a).localeCompare(key(b)));
            wanted.sort((a, b) => key(a).localeCompare(key(b)));
          }
          expect(actual, `rows of ${table}`).toEqual(wanted);
        },
      };
    },
  };
}
