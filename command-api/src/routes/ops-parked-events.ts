import { parkedEventResolvedAnswer, parkedEventsRetriedAnswer } from '@bank/contracts';
import { ApiError, notFound, ok, requireOps } from '@bank/infra';
import {
  allProjections,
  retryParkedEvent,
  retryParkedEvents,
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

const projectionBody = z.object({ projection: z.string().trim().min(1).max(100) });

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

  // Every open parked event of one projection, in log order: after a cause is fixed, one call
  // instead of one per event.
  app.post(
    '/ops/parked-events/retry-all',
    { schema: { body: projectionBody, response: { 200: parkedEventsRetriedAnswer } } },
    async (request) => {
      const { projection } = request.body;
      const retries = await retryParkedEvents(ctx.pool, ctx.bus.store, allProjections, projection);
      if (retries === 'not-found') {
        throw new ApiError(404, `No projection is named "${projection}".`, 'NOT_FOUND');
      }
      const { applied, parkedAgain, stoppedBy } = retries;
      const told = [`${applied} applied, ${parkedAgain} parked again.`];
      if (stoppedBy) {
        told.push(
          `Stopped by a failure that is not the events' (fix it, then retry): ${stoppedBy}`,
        );
      }
      return ok(
        { applied, parked_again: parkedAgain, stopped_by: stoppedBy ?? null },
        told.join(' '),
      );
    },
  );

  app.post('/ops/parked-events/skip', { schema }, async (request) =>
    answer(
      await skipParkedEvent(ctx.pool, request.body.projection, request.body.event_id),
      'The event was skipped.',
    ),
  );
};
