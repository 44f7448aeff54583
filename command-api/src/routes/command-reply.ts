import {
  ApiError,
  correlationIdOf,
  formatPosition,
  waitForProjections,
  type EventMetadata,
  type Pool,
  type Position,
} from '@bank/infra';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { CommandOutcome } from '../kernel/command-bus.ts';
import type { CommandContext } from '../services/context.ts';
import { answeredBefore, type MoneyReply, type RequestIdentity } from '../services/idempotency.ts';
import { requestIdentity } from './money-input.ts';

export const CONSISTENCY_HEADER = 'x-consistency-token';

/** Who, why and under which key: recorded with every event the request appends. */
export function commandMetadata(request: FastifyRequest, actor?: string): EventMetadata {
  const idempotencyKey = request.headers['idempotency-key'];
  return {
    correlationId: correlationIdOf(request),
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

/**
 * For answers that include read-model data: wait (up to 2 s) until the read models the answer
 * reads show the command; one that stands still elsewhere does not slow the answer.
 */
export async function waitForOwnWrite(
  pool: Pool,
  position: Position | undefined,
  readModels: readonly string[],
): Promise<void> {
  if (position) await waitForProjections(pool, position, readModels, 2000);
}

/** Sends a money command's answer (stored or new): its status, body and whether it was replayed. */
export function sendMoneyReply(reply: FastifyReply, outcome: CommandOutcome<MoneyReply>) {
  markConsistency(reply, outcome);
  if (outcome.result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.result.statusCode).send(outcome.result.body);
}

/**
 * A form route's money command under its Idempotency-Key. The route checks state that may have
 * changed since a first try (a step-up, a saved recipient, the bank's date) before the key is
 * looked up in runMoneyCommand; a retry refused by such a check gets the answer the key already
 * has instead, so a payment that went through is not reported failed because its recipient was
 * deleted or the day moved on since. The key is read again only when a request is refused.
 */
export async function sendKeyedMoneyCommand(
  ctx: CommandContext,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (identity: RequestIdentity) => Promise<CommandOutcome<MoneyReply>>,
) {
  const identity = requestIdentity(request, { form: true });
  try {
    return sendMoneyReply(reply, await run(identity));
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    const answered = await answeredBefore(ctx, identity, commandMetadata(request));
    if (!answered) throw error;
    return sendMoneyReply(reply, answered);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set only by moneyRoute: the route moves value, through runMoneyCommand. */
    moneyPipeline?: true;
  }
}

/**
 * The options of a route that moves value: it is marked as going through the money pipeline
 * (runMoneyCommand: Idempotency-Key, duplicate check, limits, one audit trail), which the route
 * table test checks for every value-moving route, and carries the money rate limit if any.
 */
export function moneyRoute(rateLimit?: object): { config: FastifyContextConfig } {
  return { config: { moneyPipeline: true, ...(rateLimit ? { rateLimit } : {}) } };
}
