import pg from 'pg';
import type { Pool } from '../postgres/pool.ts';
import { EVENT_COLUMNS, type EventRow } from './event-rows.ts';
import { comparePositions, type Position } from './types.ts';

/**
 * The next committed events of some types after `after`, in the global order, with how far the
 * read went: a follower that wants a few types moves its checkpoint past all the others without
 * having them sent. `through` is the last event read when `limit` of them came back, otherwise
 * the head of the log in the same snapshot (every event up to it was looked at). The same
 * visibility rule as readAll: nothing at or after the oldest transaction still open, so a late
 * commit is never passed over.
 */
export async function readTypedRows(
  pool: Pool,
  after: Position,
  limit: number,
  types: readonly string[],
): Promise<{ rows: EventRow[]; through: Position }> {
  const typeList = pg.escapeLiteral(`{${types.map((t) => `"${t}"`).join(',')}}`);
  const client = await pool.connect();
  try {
    const results = (await client.query(
      // Repeatable read: the head is taken in the same snapshot as the events.
      `BEGIN ISOLATION LEVEL REPEATABLE READ;
       SELECT ${EVENT_COLUMNS} FROM events
       WHERE (transaction_id, global_position) >
             (${pg.escapeLiteral(after.transactionId.toString())}::xid8, ${Number(after.globalPosition)})
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         AND type = ANY(${typeList}::text[])
       ORDER BY events.transaction_id, events.global_position
       LIMIT ${Math.max(1, Math.trunc(limit))};
       SELECT transaction_id::text AS transaction_id, global_position FROM events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1;
       COMMIT`,
    )) as unknown as { rows: unknown[] }[];
    const rows = results[1]!.rows as EventRow[];
    const head = results[2]!.rows[0] as
      { transaction_id: string; global_position: number } | undefined;
    const last = rows.at(-1);
    const reached =
      last && rows.length >= limit
        ? {
            transactionId: BigInt(last.transaction_id),
            globalPosition: Number(last.global_position),
          }
        : head
          ? {
              transactionId: BigInt(head.transaction_id),
              globalPosition: Number(head.global_position),
            }
          : after;
    return { rows, through: comparePositions(reached, after) > 0 ? reached : after };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
