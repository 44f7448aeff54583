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

/**
 * A follower's checkpoint with its reset epoch: how many times it was sent back to the start of
 * the log. A save made with the epoch read here is refused once the checkpoint was reset since.
 */
export interface FollowerCheckpoint {
  position: Position;
  epoch: number;
}

/** Where a follower has got to, with its reset epoch (the start and epoch 0 when it has no row). */
export async function readFollowerCheckpoint(
  db: Pool | PoolClient,
  name: string,
): Promise<FollowerCheckpoint> {
  const { rows } = await db.query<{
    transaction_id: string;
    global_position: number | string;
    reset_epoch: number;
  }>(
    `SELECT transaction_id::text AS transaction_id, global_position, reset_epoch
       FROM projection_checkpoints WHERE projection = $1`,
    [name],
  );
  const row = rows[0];
  return row
    ? {
        position: positionFromColumns(row.transaction_id, row.global_position),
        epoch: Number(row.reset_epoch),
      }
    : { position: START, epoch: 0 };
}

/**
 * Sends a follower back to the start of the log, so that everything is handed over again. The
 * epoch moves with the position in one statement: a save by another process that read its batch
 * before the reset carries the old epoch and is refused, instead of writing its batch's end over
 * the reset (a DELETE could be undone that way, and the log before that batch never read again).
 * The row is created when missing, so a follower that had saved nothing yet is fenced too.
 */
export async function resetFollower(db: Pool | PoolClient, name: string): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints AS c (projection, reset_epoch) VALUES ($1, 1)
     ON CONFLICT (projection) DO UPDATE SET transaction_id = '0'::xid8, global_position = 0,
       reset_epoch = c.reset_epoch + 1, updated_at = now()`,
    [name],
  );
}
