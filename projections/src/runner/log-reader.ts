import { catalogue, PARTITION_KEY, PARTITION_KEYS } from '@bank/events';
import {
  EVENT_COLUMNS,
  readTolerantly,
  recordedEvent,
  storedOf,
  type EventRow,
  type EventStore,
  type Pool,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import pg from 'pg';
import type { Projection } from '../projection.ts';

/** The event types a projection has handlers for: the only ones a rebuild of it needs to read. */
export const handledTypes = (projection: Projection): string[] =>
  Object.keys(projection.handlers).sort();

/** What a rebuild of a projection opens sealed personal data with: nothing, if it reads none. */
export const openerFor = (
  projection: Projection,
  store: Pick<EventStore, 'openRows'>,
): Pick<EventStore, 'openRows'> => (projection.readsPersonalData === false ? {} : store);

/**
 * EVENT_COLUMNS less the metadata's partition keys: they say where scale mode's relay sends an
 * event on Kafka, which no projection reads. Events written before each carried only its own
 * stream's key hold the keys of every stream of their append (about 500 of a transfer posting's
 * 680 characters of metadata), which every event of a rebuild would otherwise carry and parse.
 */
const REBUILD_COLUMNS = EVENT_COLUMNS.replace(
  /\bmetadata\b/,
  `metadata - '{${PARTITION_KEY},${PARTITION_KEYS}}'::text[] AS metadata`,
);

/**
 * Reads committed events after `after` in the global order, like EventStore.readAll, for
 * rebuilds and catch-up over a long log:
 * - one round trip, one short transaction (a long-lived snapshot would keep every row version
 *   the rebuild supersedes alive);
 * - only events of `types`, when given: a projection has nothing to do with the others;
 * - the index on the global order forced: on a log of a few huge transactions the planner
 *   otherwise prefers to scan and sort the whole log for every batch;
 * - the metadata without its partition keys (REBUILD_COLUMNS).
 * Sealed personal data is opened by the store (if it can open rows) and every event is read
 * through the catalogue (upcast and validated), as the store's own readAll does: one it cannot
 * read comes as an UnreadableEvent, which no projection handles.
 */
export async function readLogBatch(
  pool: Pool,
  store: Pick<EventStore, 'openRows'>,
  after: Position,
  limit: number,
  types?: readonly string[],
  /** Told the last visible position of the log (of any type) in the batch's snapshot. */
  onHead?: (head: Position | undefined) => void,
): Promise<RecordedEvent[]> {
  const typeFilter = types
    ? `AND type = ANY(${pg.escapeLiteral(`{${types.map((t) => `"${t}"`).join(',')}}`)}::text[])`
    : '';
  const client = await pool.connect();
  let rows: EventRow[];
  try {
    const results = (await client.query(
      // Repeatable read: the head below is taken in the same snapshot as the batch.
      `BEGIN ISOLATION LEVEL REPEATABLE READ;
       SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off;
       SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0;
       SELECT ${REBUILD_COLUMNS}
       FROM events
       WHERE (transaction_id, global_position) >
             (${pg.escapeLiteral(after.transactionId.toString())}::xid8, ${Number(after.globalPosition)})
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${typeFilter}
       -- Qualified: a bare transaction_id here would be the text alias and sort as text.
       ORDER BY events.transaction_id, events.global_position
       LIMIT ${Math.max(1, Math.trunc(limit))};
       ${
         onHead
           ? `SELECT transaction_id::text AS transaction_id, global_position FROM events
              WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1;`
           : ''
       }
       COMMIT`,
    )) as unknown as { rows: EventRow[] }[];
    rows = results[results.length - (onHead ? 3 : 2)]!.rows;
    if (onHead) {
      const head = results[results.length - 2]!.rows[0];
      onHead(
        head
          ? { transactionId: BigInt(head.transaction_id), globalPosition: head.global_position }
          : undefined,
      );
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return recordedEvents(store, rows);
}

/**
 * Rows of the log as recorded events: sealed personal data opened (if the store can), each read
 * through the catalogue, one it cannot read as an UnreadableEvent.
 */
export async function recordedEvents(
  store: Pick<EventStore, 'openRows'>,
  rows: EventRow[],
): Promise<RecordedEvent[]> {
  if (rows.length === 0) return [];
  await store.openRows?.(rows);
  return rows.map((row) => recordedEvent(row, readTolerantly(catalogue, storedOf(row), row.data)));
}
