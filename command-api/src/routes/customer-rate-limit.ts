import { ApiError, rateLimited } from '@bank/infra';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A preHandler that counts a request against the signed-in customer under `name` (a counter of
 * its own in the rate-limit store) and refuses it with 429 past `limit`: `refusal` when given,
 * else the general "too many requests". It runs after the route's sign-in check, which names the
 * customer; undefined when no limit is set or the rate-limit plugin is not registered.
 */
export function perCustomerLimit(
  app: FastifyInstance,
  limit: object | undefined,
  name: string,
  refusal?: string,
) {
  if (!limit || !app.hasDecorator('createRateLimit')) return undefined;
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.customerId}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.customerId) return;
    const counts = await check(request);
    if (counts.isAllowed || !counts.isExceeded) return;
    reply.header('retry-after', String(counts.ttlInSeconds));
    throw refusal ? new ApiError(429, refusal, 'RATE_LIMITED') : rateLimited();
  };
}
