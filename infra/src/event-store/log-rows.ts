import pg from 'pg';
import type { Pool } from '../postgres/pool.ts';
import { EVENT_COLUMNS, type EventRow } from './event-rows.ts';
import { type Position, positionFromColumns } from './types.ts';

export interface LogRowsOptions {
  /** Only events of these types (the others are passed over in the database). */
  types?: readonly string[] | undefined;
  /** What to select, as EVENT_COLUMNS names it (the default). */
  columns?: string;
  /** Also read the head of the log: the last visible event of any type, in the same snapshot. */
  withHead?: boolean;
}

/**
 * Committed events after `after` in the global order, read straight from the table for the log's
 * followers and rebuilds, with readAll's visibility rule (nothing at or after the oldest
 * transaction still open, so a late commit is never passed over):
 * - one round trip, one short transaction (a long-lived snapshot would keep every row version a
 *   rebuild supersedes alive);
 * - the index on the global order forced: on a log of a few huge transactions the planner
 *   otherwise prefers to scan and sort the whole log for every batch.
 */
export async function readLogRows(
  pool: Pool,
  after: Position,
  limit: number,
  options: LogRowsOptions = {},
): Promise<{ rows: EventRow[]; head: Position | undefined }> {
  const typeFilter = options.types
    ? `AND type = ANY(${pg.escapeLiteral(`{${options.types.map((t) => `"${t}"`).join(',')}}`)}::text[])`
    : '';
  const client = await pool.connect();
  try {
    const results = (await client.query(
      // Repeatable read: the head below is taken in the same snapshot as the events.
      `BEGIN ISOLATION LEVEL REPEATABLE READ;
       SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off;
       SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0;
       SELECT ${options.columns ?? EVENT_COLUMNS}
       FROM events
       WHERE (transaction_id, global_position) >
             (${pg.escapeLiteral(after.transactionId.toString())}::xid8, ${Number(after.globalPosition)})
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${typeFilter}
       -- Qualified: a bare transaction_id here would be the text alias and sort as text.
       ORDER BY events.transaction_id, events.global_position
       LIMIT ${Math.max(1, Math.trunc(limit))};
       ${
         options.withHead
           ? `SELECT transaction_id::text AS transaction_id, global_position FROM events
              WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1;`
           : ''
       }
       COMMIT`,
    )) as unknown as { rows: unknown[] }[];
    const rows = results[results.length - (options.withHead ? 3 : 2)]!.rows as EventRow[];
    const headRow = options.withHead
      ? (results[results.length - 2]!.rows[0] as
          { transaction_id: string; global_position: number } | undefined)
      : undefined;
    const head = headRow && positionFromColumns(headRow.transaction_id, headRow.global_position);
    return { rows, head };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
