import {
  comparePositions,
  readFollowerPosition,
  START,
  type Pool,
  type Position,
} from '@bank/infra';

export function readCheckpoint(pool: Pool, projection: string): Promise<Position> {
  return readFollowerPosition(pool, projection);
}

/**
 * How far a projection's read model is, for readers: its checkpoint, or in scale mode the lowest
 * position all its Kafka partitions have reached, whichever is further (projection_positions).
 */
export function readProjectionPosition(pool: Pool, projection: string): Promise<Position> {
  return readFollowerPosition(pool, projection, 'projection_positions');
}

/** The lowest checkpoint across projections: everything before it is visible in every read model. */
export async function lowestCheckpoint(pool: Pool, names: readonly string[]): Promise<Position> {
  const positions = await Promise.all(names.map((name) => readProjectionPosition(pool, name)));
  return positions.reduce(
    (low, p) => (comparePositions(p, low) < 0 ? p : low),
    positions[0] ?? START,
  );
}
