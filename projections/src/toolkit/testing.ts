import { randomUUID } from 'node:crypto';
import { catalogue, type BankEvent } from '@bank/events';
import { createPgEventStore, createPool, type EventMetadata, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { expect, onTestFinished } from 'vitest';
import type { Projection } from '../projection.ts';
import { catchUpProjection } from '../runner/projection-runner.ts';

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

/** Dates as ISO text and bytea as hex, so rows compare as plain JSON values. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return value;
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return name;
};

/**
 * Writes the events into a fresh database (real PostgreSQL, hashes chained by the database),
 * runs the projection over them from the start of the log, and compares its tables.
 */
async function runScenario(
  projection: Projection,
  events: readonly GivenEvent[],
): Promise<{ app: Pool; owner: Pool }> {
  // The projection runs as the bank's application role; the given events, which may carry
  // recorded times of their own, are written directly by the schema owner.
  const url = await createTestDatabase();
  const pool = createPool(url, 4);
  onTestFinished(() => pool.end());
  const owner = createPool(testDatabaseUrlAs(url, 'owner'), 4);
  onTestFinished(() => owner.end());
  const versions = new Map<string, number>();
  for (const [i, given] of events.entries()) {
    const { streamId = 'scenario', metadata = {}, recordedAt, schemaVersion = 1, ...event } = given;
    catalogue.read(event.type, schemaVersion, event.data); // refuses data its schema would not
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    await owner.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
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
  }
  const store = createPgEventStore(pool, { reader: catalogue });
  await catchUpProjection(pool, store, projection);
  return { app: pool, owner };
}

/**
 * Given-then tests for one projection:
 *
 *   const { givenEvents } = projectionTest(accountsProjection);
 *   await givenEvents([{ type: 'AccountOpened', data: {...} }]).thenRows('rm_accounts', [{ ... }]);
 */
export function projectionTest(projection: Projection) {
  return {
    givenEvents(events: readonly GivenEvent[]): Scenario {
      let ready: Promise<{ app: Pool; owner: Pool }> | undefined;
      const database = () => (ready ??= runScenario(projection, events));
      return {
        pool: async (role = 'app') => (await database())[role],
        async thenRows(table, expected, options = {}) {
          const pool = (await database()).app;
          const columns = [...new Set(expected.flatMap((row) => Object.keys(row)))];
          const select = columns.length > 0 ? columns.map(ident).join(', ') : '*';
          const { rows } = await pool.query(
            `SELECT ${select} FROM ${ident(table)}` +
              (options.where ? ` WHERE ${options.where}` : '') +
              (options.orderBy ? ` ORDER BY ${options.orderBy}` : ''),
          );
          const normalise = (row: Record<string, unknown>) =>
            Object.fromEntries(columns.map((c) => [c, plain(row[c])]));
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
