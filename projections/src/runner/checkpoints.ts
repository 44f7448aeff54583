import {
  comparePositions,
  START,
  type Pool,
  type Position,
  positionFromColumns,
} from '@bank/infra';

/** One projection's row of projection_checkpoints or of the projection_positions view. */
async function readPosition(
  pool: Pool,
  from: 'projection_checkpoints' | 'projection_positions',
  projection: string,
): Promise<Position> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: number | string }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM ${from} WHERE projection = $1`,
    [projection],
  );
  const row = rows[0];
  return row ? positionFromColumns(row.transaction_id, row.global_position) : START;
}

export function readCheckpoint(pool: Pool, projection: string): Promise<Position> {
  return readPosition(pool, 'projection_checkpoints', projection);
}

/**
 * How far a projection's read model is, for readers: its checkpoint, or in scale mode the lowest
 * position all its Kafka partitions have reached, whichever is further (projection_positions).
 */
export function readProjectionPosition(pool: Pool, projection: string): Promise<Position> {
  return readPosition(pool, 'projection_positions', projection);
}

/** The lowest checkpoint across projections: everything before it is visible in every read model. */
export async function lowestCheckpoint(pool: Pool, names: readonly string[]): Promise<Position> {
  const positions = await Promise.all(names.map((name) => readProjectionPosition(pool, name)));
  return positions.reduce(
    (low, p) => (comparePositions(p, low) < 0 ? p : low),
    positions[0] ?? START,
  );
}
