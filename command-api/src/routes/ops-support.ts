import { ticketReply } from '@bank/contracts';
import { requireOps, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { changeTicketStatus, replyToTicket } from '../services/support.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import { answerWithTicket, replyBody } from './support.ts';

export const STAFF_STATUS_MESSAGE =
  'The status must be in_progress, waiting_customer, resolved or closed.';

const staffStatusBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    status: z.enum(['in_progress', 'waiting_customer', 'resolved', 'closed'], {
      error: STAFF_STATUS_MESSAGE,
    }),
  }),
);

/** Staff work on tickets under /ops (OPS_TOKEN): reply and move the ticket along. */
export const opsSupportRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.post(
    '/ops/tickets/:id/reply',
    { schema: { params: uuidParam, body: replyBody, response: { 201: ticketReply } } },
    async (request, reply) => {
      const outcome = await replyToTicket(
        ctx,
        { type: 'staff', customerId: null },
        request.params.id,
        request.body.message,
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      return reply
        .code(201)
        .send(
          await answerWithTicket(
            ctx.pool,
            request.params.id,
            null,
            outcome.appended?.position,
            'Reply sent to the customer',
          ),
        );
    },
  );

  app.put(
    '/ops/tickets/:id/status',
    { schema: { params: uuidParam, body: staffStatusBody, response: { 200: ticketReply } } },
    async (request, reply) => {
      const outcome = await changeTicketStatus(
        ctx,
        { type: 'staff', customerId: null },
        request.params.id,
        request.body.status,
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      return answerWithTicket(
        ctx.pool,
        request.params.id,
        null,
        outcome.appended?.position,
        'Ticket status updated',
      );
    },
  );
};
