import type { Pool } from '../postgres/pool.ts';
import { comparePositions, type Position, positionFromColumns } from './types.ts';

/** Which of the named projections have reached a position (projection_positions), in one query. */
export async function projectionsAt(
  pool: Pool,
  position: Position,
  projections: readonly string[],
): Promise<Set<string>> {
  // Named: a reader polls this while it waits, each time on whichever connection it gets.
  const { rows } = await pool.query<{
    projection: string;
    transaction_id: string;
    global_position: number;
  }>({
    name: 'projection-positions',
    text: `SELECT projection, transaction_id::text AS transaction_id, global_position
       FROM projection_positions WHERE projection = ANY($1::text[])`,
    values: [projections],
  });
  const reached = new Set<string>();
  for (const row of rows) {
    const at = positionFromColumns(row.transaction_id, row.global_position);
    if (comparePositions(at, position) >= 0) reached.add(row.projection);
  }
  return reached;
}

/**
 * Waits (bounded) until every named projection has reached a position (projection_positions: in
 * scale mode the lowest of its Kafka partitions). Returns whether it did; on time-out the caller
 * answers with what the read models have.
 */
export async function waitForProjections(
  pool: Pool,
  position: Position,
  projections: readonly string[],
  timeoutMs = 2000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
    const reached = await projectionsAt(pool, position, projections);
    if (projections.every((name) => reached.has(name))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
