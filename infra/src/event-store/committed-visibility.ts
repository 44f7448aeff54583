import type { Pool } from '../postgres/pool.ts';

const VISIBILITY_WAIT_MS = 10_000;

/**
 * Waits until every event committed before the call can be read in the global order. An event
 * becomes readable only once every transaction that began before it has ended, and PostgreSQL
 * counts those across the whole server: a write in another database on the same server can hold
 * back events that are already committed here. Gives up after VISIBILITY_WAIT_MS, so a transaction
 * left open cannot stall the caller for ever; what is readable then is caught up.
 */
export async function untilCommittedVisible(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ transaction_id: string }>(
    `SELECT transaction_id::text AS transaction_id FROM events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const newest = rows[0]?.transaction_id;
  if (newest === undefined) return;
  const deadline = Date.now() + VISIBILITY_WAIT_MS;
  for (let pause = 2; Date.now() < deadline; pause = Math.min(pause * 2, 50)) {
    const visible = await pool.query<{ visible: boolean }>(
      'SELECT $1::text::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS visible',
      [newest],
    );
    if (visible.rows[0]?.visible) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
