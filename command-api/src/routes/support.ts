import { supportCategoryKeys, ticketPriorityKeys, ticketStatusKeys } from '@bank/events';
import { multilineText, notFound, ok, requireCustomer, uuidParam, type Pool } from '@bank/infra';
import { findTicket, ticketViews } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { changeTicketStatus, openTicket, replyToTicket } from '../services/support.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';

export const supportMessages = {
  subject: 'Please enter a subject.',
  description: 'Please describe your issue.',
  category: 'Please choose a category.',
  categoryInvalid: 'The selected category is invalid.',
  priority: 'The priority must be low, medium, high or urgent.',
  reply: 'Please enter a reply message.',
  status: 'The selected status is invalid.',
} as const;

const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `The ${label} must not be greater than ${max} characters.`);

export const replyBody = z.preprocess(
  (v) => v ?? {},
  z.object({ message: multilineText(requiredText(supportMessages.reply, 5000, 'message')) }),
);

const newTicketBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    subject: requiredText(supportMessages.subject, 255, 'subject'),
    description: multilineText(requiredText(supportMessages.description, 5000, 'description')),
    category: z
      .string({ error: supportMessages.category })
      .trim()
      .min(1, supportMessages.category)
      .pipe(z.enum(supportCategoryKeys, { error: supportMessages.categoryInvalid })),
    priority: z
      .enum(ticketPriorityKeys, { error: supportMessages.priority })
      .nullish()
      .transform((v) => v ?? 'medium'),
  }),
);

const statusBody = z.preprocess(
  (v) => v ?? {},
  z.object({ status: z.enum(ticketStatusKeys, { error: supportMessages.status }) }),
);

/** Answers with the ticket as the customer (or staff) now reads it. */
export async function answerWithTicket(
  pool: Pool,
  ticketId: string,
  customerId: string | null,
  position: Parameters<typeof waitForOwnWrite>[1],
  message: string,
) {
  await waitForOwnWrite(pool, position);
  const row = await findTicket(pool, ticketId, customerId);
  if (!row) throw notFound();
  const [ticket] = await ticketViews(pool, [row]);
  return ok({ ticket }, message);
}

const statusMessage: Record<string, string> = {
  resolved: 'Ticket marked as resolved.',
  closed: 'Ticket closed.',
};

/** The customer's ticket commands: open, reply, mark resolved or close. */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  app.post('/support/tickets', { schema: { body: newTicketBody } }, async (request, reply) => {
    const outcome = await openTicket(
      ctx,
      request.customerId,
      request.body,
      commandMetadata(request),
    );
    markConsistency(reply, outcome);
    return reply
      .code(201)
      .send(
        await answerWithTicket(
          ctx.pool,
          outcome.result.ticketId,
          request.customerId,
          outcome.appended?.position,
          'Support ticket created successfully!',
        ),
      );
  });

  app.post(
    '/support/tickets/:id/reply',
    { schema: { params: uuidParam, body: replyBody } },
    async (request, reply) => {
      const outcome = await replyToTicket(
        ctx,
        { type: 'customer', customerId: request.customerId },
        request.params.id,
        request.body.message,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply
        .code(201)
        .send(
          await answerWithTicket(
            ctx.pool,
            request.params.id,
            request.customerId,
            outcome.appended?.position,
            'Reply added successfully',
          ),
        );
    },
  );

  app.put(
    '/support/tickets/:id/status',
    { schema: { params: uuidParam, body: statusBody } },
    async (request, reply) => {
      const outcome = await changeTicketStatus(
        ctx,
        { type: 'customer', customerId: request.customerId },
        request.params.id,
        request.body.status,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithTicket(
        ctx.pool,
        request.params.id,
        request.customerId,
        outcome.appended?.position,
        statusMessage[request.body.status] ?? 'Ticket status updated.',
      );
    },
  );
};
