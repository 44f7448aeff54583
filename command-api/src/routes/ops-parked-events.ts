import { parkedEventResolvedAnswer } from '@bank/contracts';
import { ApiError, notFound, ok, requireOps } from '@bank/infra';
import {
  allProjections,
  retryParkedEvent,
  skipParkedEvent,
  type ParkedOutcome,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';

const parkedEventBody = z.object({
  projection: z.string().trim().min(1).max(100),
  event_id: z.uuid('The event id must be a UUID.'),
});

function answer(outcome: ParkedOutcome, done: string) {
  if (outcome === 'not-found') throw notFound();
  if (typeof outcome === 'object') {
    throw new ApiError(409, `The event failed again and stays parked: ${outcome.failed}`);
  }
  return ok({ status: outcome }, done);
}

/** Ops decide about events a projection set aside: apply again, or skip for good. */
export const opsParkedEventRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  const schema = { body: parkedEventBody, response: { 200: parkedEventResolvedAnswer } };

  app.post('/ops/parked-events/retry', { schema }, async (request) =>
    answer(
      await retryParkedEvent(
        ctx.pool,
        ctx.bus.store,
        allProjections,
        request.body.projection,
        request.body.event_id,
      ),
      'The event was applied.',
    ),
  );

  app.post('/ops/parked-events/skip', { schema }, async (request) =>
    answer(
      await skipParkedEvent(ctx.pool, request.body.projection, request.body.event_id),
      'The event was skipped.',
    ),
  );
};
