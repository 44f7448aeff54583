import { allProjectionNames } from '@bank/projections';
import {
  formatPosition,
  waitForProjections,
  type EventMetadata,
  type Pool,
  type Position,
} from '@bank/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandOutcome } from '../kernel/command-bus.ts';

export const CONSISTENCY_HEADER = 'x-consistency-token';

/** Who, why and under which key: recorded with every event the request appends. */
export function commandMetadata(request: FastifyRequest, actor?: string): EventMetadata {
  const idempotencyKey = request.headers['idempotency-key'];
  const correlation = request.headers['x-correlation-id'];
  return {
    correlationId:
      typeof correlation === 'string' && correlation.length <= 100 ? correlation : request.id,
    actor: actor ?? (request.customerId ? `customer:${request.customerId}` : 'anonymous'),
    ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
  };
}

/** Sets X-Consistency-Token to the position of what the command appended. */
export function markConsistency(
  reply: FastifyReply,
  outcome: Pick<CommandOutcome<unknown>, 'appended'>,
): void {
  if (outcome.appended) reply.header(CONSISTENCY_HEADER, formatPosition(outcome.appended.position));
}

/** For answers that include read-model data: wait until the projections show the command. */
export async function waitForOwnWrite(pool: Pool, position: Position | undefined): Promise<void> {
  if (position) await waitForProjections(pool, position, allProjectionNames, 2000);
}
