import type { Pool } from '../postgres/pool.ts';
import { comparePositions, type Position, positionFromColumns } from './types.ts';

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
    // Named: a reader polls this while it waits, each time on whichever connection it gets.
    const { rows } = await pool.query<{ transaction_id: string; global_position: number }>({
      name: 'projection-positions',
      text: `SELECT transaction_id::text AS transaction_id, global_position FROM projection_positions
       WHERE projection = ANY($1::text[])`,
      values: [projections],
    });
    const reached =
      rows.length === projections.length &&
      rows.every(
        (r) =>
          comparePositions(positionFromColumns(r.transaction_id, r.global_position), position) >= 0,
      );
    if (reached) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
