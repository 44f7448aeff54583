import {
  comparePositions,
  inTransaction,
  START,
  type EventStore,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
  positionFromColumns,
} from '@bank/infra';
import type { Db, Projection } from '../projection.ts';
import { applyEvents } from '../runner/apply-events.ts';
import { handledTypes, openerFor, readLogBatch } from '../runner/log-reader.ts';
import { applyingSettings, DeferredResultError, writeBehindDb } from './write-behind.ts';
import { holdRebuildSwap } from './rebuild-swap-lock.ts';

/** Projections whose handlers read the results of their writes: rebuilt one statement at a time. */
const unbuffered = new WeakSet<Projection>();

export interface ShadowRebuildOptions {
  /** Events read and applied per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** Stop at this position instead of the head of the log (the determinism check uses it). */
  until?: Position;
  /** Swap the shadow tables in (default), or leave them in the shadow schema. */
  swap?: boolean;
}

export interface ShadowRebuildResult {
  projection: string;
  position: Position;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
  /** The shadow schema, when the tables were not swapped in. */
  shadowSchema: string;
}

/** Where a projection's tables are rebuilt: same table names, in a schema of their own. */
export const shadowSchema = (projection: Projection) =>
  `shadow_${projection.name.replace(/[^a-zA-Z0-9_]/g, '_').toLowerCase()}`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs the projection's handlers for each event on `db` (already inside a transaction). */
export async function applyHandlers(
  db: Db,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  await applyEvents(db, projection, events);
}

/** Empty copies of the live tables (columns, defaults, constraints, indexes) in the shadow schema. */
async function createShadowTables(pool: Pool, projection: Projection): Promise<string> {
  const schema = shadowSchema(projection);
  await inTransaction(pool, async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA ${ident(schema)}`);
    for (const table of projection.tables) {
      await client.query(
        `CREATE TABLE ${ident(schema)}.${ident(table)} (LIKE public.${ident(table)} INCLUDING ALL)`,
      );
    }
  });
  return schema;
}

export async function dropShadow(pool: Pool, projection: Projection): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS ${ident(shadowSchema(projection))} CASCADE`);
}

/** How many events after `from` (up to `until`) the projection handles: what a rebuild applies. */
async function countHandledAfter(
  pool: Pool,
  projection: Projection,
  from: Position,
  until?: Position,
): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::bigint AS n FROM events
     WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
       AND ($3::text IS NULL OR (transaction_id, global_position) <= ($3::text::xid8, $4::bigint))
       AND type = ANY($5::text[])`,
    [
      from.transactionId.toString(),
      from.globalPosition,
      until?.transactionId.toString() ?? null,
      until?.globalPosition ?? 0,
      handledTypes(projection),
    ],
  );
  return rows[0]!.n;
}

/**
 * Applies every event after `from` (up to `until`) to the shadow tables, one transaction per
 * batch. Handlers write unqualified table names, which the search_path sends to the shadow.
 */
async function buildShadow(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  schema: string,
  from: Position,
  options: ShadowRebuildOptions,
  progress: { done: number; total: number },
  client?: PoolClient,
): Promise<Position> {
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? 2000));
  let position = from;
  // The bulk of the log is read here; the swap reads the last events through the store.
  const cursor = client ? undefined : readLog(pool, store, projection, from, batchSize);
  // The next batch is read (and parsed) while this one is applied.
  let ahead = cursor?.next();
  for (;;) {
    let events = ahead ? ((await ahead).value ?? []) : await store.readAll(position, batchSize);
    if (cursor && events.length > 0) {
      ahead = cursor.next();
      ahead.catch(() => {}); // awaited on the next turn; a failure here must not go unhandled
    }
    if (options.until) {
      const until = options.until;
      events = events.filter((e) => comparePositions(e.position, until) <= 0);
    }
    if (events.length === 0) {
      await cursor?.return(undefined);
      return position;
    }
    const apply = async (db: PoolClient, buffered: boolean) => {
      // Handlers name their tables unqualified: were the shadow gone (dropped by hand), they would
      // write to the live ones. Locked, it is there and stays until the batch commits.
      await db.query(
        `SET LOCAL search_path = ${ident(schema)}, public;
         LOCK TABLE ${projection.tables.map((t) => `${ident(schema)}.${ident(t)}`).join(', ')}
           IN ROW EXCLUSIVE MODE`,
      );
      if (!buffered) return applyHandlers(db as unknown as Db, projection, events);
      // Nothing is durable until the swap: a crash only loses the shadow, so skip the fsync.
      await db.query(applyingSettings(events.length, events.length < batchSize));
      const writer = writeBehindDb(db);
      await applyHandlers(writer.db, projection, events);
      await writer.flush();
    };
    if (client) await apply(client, false);
    else if (unbuffered.has(projection)) await inTransaction(pool, (db) => apply(db, false));
    else {
      try {
        await inTransaction(pool, (db) => apply(db, true));
      } catch (error) {
        if (!(error instanceof DeferredResultError)) throw error;
        unbuffered.add(projection);
        await inTransaction(pool, (db) => apply(db, false));
      }
    }
    position = events[events.length - 1]!.position;
    // The swap's last events are read whatever their type: only the handled ones count.
    progress.done += cursor
      ? events.length
      : events.filter((e) => Object.hasOwn(projection.handlers, e.type)).length;
    progress.total = Math.max(progress.total, progress.done);
    options.onProgress?.(progress.done, progress.total);
  }
}

/** Every committed event after `from` that the projection handles, in the global order, in batches. */
async function* readLog(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  from: Position,
  batchSize: number,
): AsyncGenerator<RecordedEvent[], void> {
  let position = from;
  const types = handledTypes(projection);
  const opener = openerFor(projection, store);
  for (;;) {
    const events = await readLogBatch(pool, opener, position, batchSize, types);
    if (events.length === 0) return;
    position = events[events.length - 1]!.position;
    yield events;
  }
}

interface IndexInfo {
  name: string;
  shape: string;
}

/** The table's indexes, each with its definition less its name and table ("shape"). */
async function indexesOf(client: PoolClient, schema: string, table: string): Promise<IndexInfo[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = ($1 || '.' || $2)::regclass ORDER BY i.relname`,
    [ident(schema), ident(table)],
  );
  return rows.map((r) => ({
    name: r.name,
    shape: r.def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+ /, 'CREATE $1INDEX ON '),
  }));
}

/**
 * Replaces the live tables with the shadow ones in one transaction: readers see the old rows
 * until the commit and the new ones after it. The live runner is held off by the checkpoint lock
 * while the last events are applied, then finds the checkpoint moved and carries on from it.
 */
async function swapIn(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  schema: string,
  from: Position,
  options: ShadowRebuildOptions,
  progress: { done: number; total: number },
): Promise<Position> {
  return inTransaction(pool, async (client) => {
    await client.query(
      'INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING',
      [projection.name],
    );
    // Scale mode's workers wait for this swap (rebuild-swap-lock.ts), the embedded runner for the
    // checkpoint's lock.
    await client.query(holdRebuildSwap(projection.name));
    await client.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE', [
      projection.name,
    ]);
    const position = await buildShadow(
      pool,
      store,
      projection,
      schema,
      from,
      options,
      progress,
      client,
    );
    await client.query('SET LOCAL search_path = public');
    let renames = 0;
    for (const table of projection.tables) {
      const live = await indexesOf(client, 'public', table);
      const shadow = await indexesOf(client, schema, table);
      await client.query(`DROP TABLE public.${ident(table)}`);
      await client.query(`ALTER TABLE ${ident(schema)}.${ident(table)} SET SCHEMA public`);
      // Give each index its live name back (through a temporary name, so no two collide).
      const pairs: { from: string; to: string; temp: string }[] = [];
      for (const index of shadow) {
        const match = live.findIndex((l) => l.shape === index.shape);
        if (match < 0) continue;
        const [original] = live.splice(match, 1);
        pairs.push({ from: index.name, to: original!.name, temp: `swap_index_${(renames += 1)}` });
      }
      for (const p of pairs) {
        await client.query(`ALTER INDEX public.${ident(p.from)} RENAME TO ${ident(p.temp)}`);
      }
      for (const p of pairs) {
        await client.query(`ALTER INDEX public.${ident(p.temp)} RENAME TO ${ident(p.to)}`);
      }
    }
    await client.query(`DROP SCHEMA ${ident(schema)}`);
    await client.query(
      `UPDATE projection_checkpoints
       SET transaction_id = $2::text::xid8, global_position = $3, updated_at = now()
       WHERE projection = $1`,
      [projection.name, position.transactionId.toString(), position.globalPosition],
    );
    return position;
  });
}

/** The class of the advisory locks (two-key form) that let one rebuild of a projection run at a time. */
const SHADOW_REBUILD_LOCK = 7431006;

/**
 * Runs `work` while this session alone may build the projection's shadow: every rebuild and
 * determinism check of a projection builds in the same schema and begins by dropping it, and a
 * batch whose shadow was dropped under it would write through the search_path into the live
 * tables. Held on a connection of its own, so a crash of the process lets it go.
 */
async function exclusively<T>(pool: Pool, projection: Projection, work: () => Promise<T>) {
  const lock = await pool.connect();
  const key = [SHADOW_REBUILD_LOCK, projection.name];
  try {
    const { rows } = await lock.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
      key,
    );
    if (!rows[0]!.locked) {
      throw new Error(
        `Another rebuild or determinism check of ${projection.name} is running: try again when it has ended.`,
      );
    }
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', key);
    }
  } finally {
    lock.release();
  }
}

/**
 * Rebuilds a projection from the start of the log into shadow tables while the live tables keep
 * serving, then swaps them in and sets the checkpoint in one transaction. A second rebuild or
 * determinism check of the same projection is refused while one runs.
 */
export function rebuildWithShadow(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: ShadowRebuildOptions = {},
): Promise<ShadowRebuildResult> {
  return exclusively(pool, projection, () => rebuildInShadow(pool, store, projection, options));
}

async function rebuildInShadow(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: ShadowRebuildOptions,
): Promise<ShadowRebuildResult> {
  const started = performance.now();
  const schema = await createShadowTables(pool, projection);
  const progress = {
    done: 0,
    total: await countHandledAfter(pool, projection, START, options.until),
  };
  try {
    let position = await buildShadow(pool, store, projection, schema, START, options, progress);
    if (options.swap !== false) {
      position = await swapIn(pool, store, projection, schema, position, options, progress);
    }
    const elapsedMs = performance.now() - started;
    return {
      projection: projection.name,
      position,
      events: progress.done,
      elapsedMs,
      eventsPerSecond: Math.round((progress.done / Math.max(elapsedMs, 1)) * 1000),
      shadowSchema: schema,
    };
  } catch (error) {
    await dropShadow(pool, projection).catch(() => {});
    throw error;
  }
}

/**
 * A query giving the table's rows as the projection's readers see them: the table itself, or
 * its `compareAs` form where the stored rows depend on where the events were applied.
 */
export function comparableRows(projection: Projection, table: string, schema = 'public'): string {
  const qualified = `${ident(schema)}.${ident(table)}`;
  return (
    projection.compareAs?.[table]?.replaceAll('$table', qualified) ?? `SELECT * FROM ${qualified}`
  );
}

/** SHA-256 of a table's contents as readers see them, independent of physical row order. */
export async function tableHash(
  pool: Pool,
  projection: Projection,
  table: string,
  schema = 'public',
): Promise<string> {
  const { rows } = await pool.query<{ hash: string }>(
    `SELECT encode(sha256(convert_to(coalesce(string_agg(h, '' ORDER BY h), ''), 'UTF8')), 'hex') AS hash
     FROM (SELECT md5(t::text) AS h FROM (${comparableRows(projection, table, schema)}) t) rows`,
  );
  return rows[0]!.hash;
}

/** One hash over every table of the projection (in the given schema). */
export async function readModelHash(
  pool: Pool,
  projection: Projection,
  schema = 'public',
): Promise<{ hash: string; tables: Record<string, string> }> {
  const tables: Record<string, string> = {};
  for (const table of projection.tables) {
    tables[table] = await tableHash(pool, projection, table, schema);
  }
  const { createHash } = await import('node:crypto');
  const all = createHash('sha256');
  for (const table of projection.tables) all.update(`${table}:${tables[table]}\n`);
  return { hash: all.digest('hex'), tables };
}

export interface DeterminismReport {
  projection: string;
  position: Position;
  first: { hash: string; tables: Record<string, string> };
  second: { hash: string; tables: Record<string, string> };
  identical: boolean;
}

/** Rebuilds the projection twice into its shadow, up to the same position, and compares hashes. */
export async function checkDeterminism(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: Omit<ShadowRebuildOptions, 'swap' | 'until'> = {},
): Promise<DeterminismReport> {
  const head = await headPosition(pool);
  const build = async () => {
    const result = await rebuildInShadow(pool, store, projection, {
      ...options,
      until: head,
      swap: false,
    });
    try {
      return await readModelHash(pool, projection, result.shadowSchema);
    } finally {
      await dropShadow(pool, projection);
    }
  };
  const [first, second] = await exclusively(pool, projection, async () => [
    await build(),
    await build(),
  ]);
  return {
    projection: projection.name,
    position: head,
    first,
    second,
    identical: first.hash === second.hash,
  };
}

/** The last position every reader can see (below the oldest transaction still in flight). */
export async function headPosition(pool: Pool): Promise<Position> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM events
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? positionFromColumns(row.transaction_id, row.global_position) : START;
}
