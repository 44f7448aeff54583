import type { FastifyReply, FastifyRequest } from 'fastify';
import { integerSetting } from '../config.ts';
import { waitForProjections } from '../event-store/consistency.ts';
import { parsePosition } from '../event-store/types.ts';
import type { Pool } from '../postgres/pool.ts';
import { messages } from './errors.ts';

/**
 * preHandler hook (after authentication, so nobody can make the bank wait without signing in): a
 * read that carries X-Consistency-Token waits until the read models (`projections`) have caught up
 * with that position, so a page reloaded after a command shows its effect. A token that is not a position
 * this server has issued gets 400 at once; one the read models do not reach in time gets 503,
 * never the stale data as if it were fresh.
 */
export function consistentReads(
  pool: Pool,
  projections: readonly string[],
  timeoutMs = integerSetting('CONSISTENCY_WAIT_MS'),
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-consistency-token'];
    if (header === undefined || header === '') return;
    const position = typeof header === 'string' ? parsePosition(header) : undefined;
    if (!position || !(await issued(pool, position.transactionId))) {
      return reply.code(400).send({
        status: 'error',
        message: 'The X-Consistency-Token header is not a position this bank has issued.',
        code: 'INVALID_CONSISTENCY_TOKEN',
      });
    }
    if (!(await waitForProjections(pool, position, projections, timeoutMs))) {
      return reply.code(503).header('retry-after', '1').send({
        status: 'error',
        message: messages.unavailable,
        code: 'NOT_YET_CONSISTENT',
      });
    }
  };
}

/** Whether a transaction id is one the server has already handed out. */
async function issued(pool: Pool, transactionId: bigint): Promise<boolean> {
  const { rows } = await pool.query<{ next: string }>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
  );
  return transactionId < BigInt(rows[0]!.next);
}
