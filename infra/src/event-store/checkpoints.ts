import type { Pool, PoolClient } from '../postgres/pool.ts';
import { positionFromColumns, START, type Position } from './types.ts';

/**
 * How far a follower of the log (a projection, the Kafka relay) is, START if it has no row yet:
 * - in `projection_checkpoints`, what it applied from the PostgreSQL log;
 * - in the `projection_positions` view, what readers may count on: the checkpoint or, in scale
 *   mode, the lowest position all its Kafka partitions reached, whichever is further.
 */
export async function readFollowerPosition(
  db: Pool | PoolClient,
  name: string,
  from: 'projection_checkpoints' | 'projection_positions' = 'projection_checkpoints',
): Promise<Position> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number | string }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM ${from} WHERE projection = $1`,
    [name],
  );
  const row = rows[0];
  return row ? positionFromColumns(row.transaction_id, row.global_position) : START;
}
