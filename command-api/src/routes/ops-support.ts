import {
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_KEYS,
  disputeAnswer,
  SUPPORT_TEXT_MAX,
  ticketReply,
} from '@bank/contracts';
import {
  formatPosition,
  multilineText,
  notFound,
  ok,
  requireOps,
  transactionIdText,
  uuidParam,
} from '@bank/infra';
import { disputeViewOf, findTicket, readModelsNamed } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { resolveDispute } from '../services/dispute-resolution.ts';
import { changeTicketStatus, replyToTicket } from '../services/support.ts';
import {
  commandMetadata,
  CONSISTENCY_HEADER,
  markConsistency,
  waitForOwnWrite,
} from './command-reply.ts';
import { opsRequestIdentity } from './money-input.ts';
import { answerWithTicket, replyBody, sendTicketAnswer } from './support.ts';

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

const resolveDisputeBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    outcome: z.enum(DISPUTE_OUTCOME_KEYS, { error: DISPUTE_MESSAGES.outcome }),
    message: multilineText(
      z
        .string({ error: DISPUTE_MESSAGES.message })
        .trim()
        .min(1, DISPUTE_MESSAGES.message)
        .max(
          SUPPORT_TEXT_MAX.message,
          `The message must not be greater than ${SUPPORT_TEXT_MAX.message} characters.`,
        ),
    ),
  }),
);

/**
 * Staff work under /ops (OPS_TOKEN): reply to tickets and move them along, and decide disputed
 * card charges.
 */
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
        opsRequestIdentity(request),
        commandMetadata(request, 'ops'),
      );
      return sendTicketAnswer(ctx.pool, reply, outcome, null, 'Reply sent to the customer');
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

  app.post(
    '/ops/disputes/:id/resolve',
    {
      schema: {
        summary:
          'Decide a disputed card charge: refunded (the amount credited back) or declined; the ticket gets the answer',
        params: z.object({ id: transactionIdText }),
        body: resolveDisputeBody,
        response: { 200: disputeAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await resolveDispute(
        ctx,
        request.params.id,
        request.body,
        commandMetadata(request, 'ops'),
      );
      const decidedAt = outcome.appended?.position ?? outcome.result.decidedAt;
      if (decidedAt) reply.header(CONSISTENCY_HEADER, formatPosition(decidedAt));
      await waitForOwnWrite(ctx.pool, decidedAt, readModelsNamed('support'));
      const row = await findTicket(ctx.pool, outcome.result.ticketId, outcome.result.customerId);
      if (!row) throw notFound();
      return ok({ dispute: disputeViewOf(row) }, DISPUTE_MESSAGES.resolved);
    },
  );
};
