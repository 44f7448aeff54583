import { allProjectionNames } from '@bank/projections';
import { parsePosition, waitForProjections, type Pool } from '@bank/infra';
import type { FastifyRequest } from 'fastify';

/**
 * onRequest hook: a read that carries X-Consistency-Token waits (up to about 2 s) until the read
 * models have caught up with that position, so a page reloaded after a command shows its effect.
 */
export function consistentReads(pool: Pool, timeoutMs = 2000) {
  return async (request: FastifyRequest) => {
    const header = request.headers['x-consistency-token'];
    if (typeof header !== 'string' || header === '') return;
    const position = parsePosition(header);
    if (position) await waitForProjections(pool, position, allProjectionNames, timeoutMs);
  };
}
