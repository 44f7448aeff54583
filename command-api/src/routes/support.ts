import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_MESSAGES,
  DISPUTE_REASON_KEYS,
  disputeAnswer,
  SUPPORT_CATEGORY_KEYS,
  SUPPORT_MESSAGES,
  SUPPORT_TEXT_MAX,
  TICKET_PRIORITY_KEYS,
  TICKET_STATUS_KEYS,
  ticketReply,
} from '@bank/contracts';
import {
  consistentReads,
  multilineText,
  notFound,
  ok,
  requireCustomer,
  transactionIdText,
  uuidParam,
  type Pool,
} from '@bank/infra';
import { disputeViewOf, findTicket, readModelsNamed, ticketWithReplies } from '@bank/projections';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import type { CommandOutcome } from '../kernel/command-bus.ts';
import type { MoneyReply } from '../services/idempotency.ts';
import {
  changeTicketStatus,
  disputeCharge,
  isTicketAnswer,
  openTicket,
  replyToTicket,
} from '../services/support.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';
import { perCustomerLimit } from './customer-rate-limit.ts';
import { requestIdentity } from './money-input.ts';

/** What a ticket's answer reads. */
const TICKET_READS = readModelsNamed('support');

const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `The ${label} must not be greater than ${max} characters.`);

export const replyBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    message: multilineText(
      requiredText(SUPPORT_MESSAGES.reply, SUPPORT_TEXT_MAX.message, 'message'),
    ),
  }),
);

const newTicketBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    subject: requiredText(SUPPORT_MESSAGES.subject, SUPPORT_TEXT_MAX.subject, 'subject'),
    description: multilineText(
      requiredText(SUPPORT_MESSAGES.description, SUPPORT_TEXT_MAX.message, 'description'),
    ),
    category: z
      .string({ error: SUPPORT_MESSAGES.category })
      .trim()
      .min(1, SUPPORT_MESSAGES.category)
      .pipe(z.enum(SUPPORT_CATEGORY_KEYS, { error: SUPPORT_MESSAGES.categoryInvalid })),
    priority: z
      .enum(TICKET_PRIORITY_KEYS, { error: SUPPORT_MESSAGES.priority })
      .nullish()
      .transform((v) => v ?? 'medium'),
  }),
);

const disputeBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    reason: z.enum(DISPUTE_REASON_KEYS, { error: DISPUTE_MESSAGES.reason }),
    details: multilineText(z.string().trim().max(DISPUTE_DETAILS_MAX, DISPUTE_MESSAGES.details))
      .nullish()
      .transform((v) => v ?? ''),
  }),
);

const statusBody = z.preprocess(
  (v) => v ?? {},
  z.object({ status: z.enum(TICKET_STATUS_KEYS, { error: SUPPORT_MESSAGES.status }) }),
);

/** Answers with the ticket as the customer (or staff) now reads it. */
export async function answerWithTicket(
  pool: Pool,
  ticketId: string,
  customerId: string | null,
  position: Parameters<typeof waitForOwnWrite>[1],
  message: string,
  { waitForTicketMs = 0 } = {},
) {
  await waitForOwnWrite(pool, position, TICKET_READS);
  const row = await findTicketWithin(pool, ticketId, customerId, waitForTicketMs);
  if (!row) throw notFound();
  return ok({ ticket: await ticketWithReplies(pool, row) }, message);
}

/** The ticket's row, looked for again (with growing pauses) until it is there or time is up. */
async function findTicketWithin(
  pool: Pool,
  ticketId: string,
  customerId: string | null,
  waitMs: number,
) {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
    const row = await findTicket(pool, ticketId, customerId);
    if (row || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** How long a repeated request waits for the first one's ticket to be read. */
const REPLAY_READ_WAIT_MS = 2000;

/**
 * Sends the answer of a ticket command run once per Idempotency-Key. A repeat gets the ticket as
 * it now reads, marked as replayed: its first request may have committed a moment ago, so the
 * ticket is waited for (briefly) rather than answered as not found.
 */
export async function sendTicketAnswer(
  pool: Pool,
  reply: FastifyReply,
  outcome: CommandOutcome<MoneyReply>,
  customerId: string | null,
  message: string,
) {
  const { result } = outcome;
  if (!isTicketAnswer(result.body)) throw new Error('a ticket command kept no ticket id');
  markConsistency(reply, outcome);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  const answer = await answerWithTicket(
    pool,
    result.body.ticketId,
    customerId,
    outcome.appended?.position,
    message,
    { waitForTicketMs: result.replayed ? REPLAY_READ_WAIT_MS : 0 },
  );
  return reply.code(result.statusCode).send(answer);
}

const statusMessage: Record<string, string> = {
  resolved: 'Ticket marked as resolved.',
  closed: 'Ticket closed.',
};

export const TOO_MANY_NEW_TICKETS =
  'You have opened many support requests in a short time. Please wait before opening another, or add a reply to one you already opened.';

/** The customer's ticket commands: open, reply, mark resolved or close. */
export const supportRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  /**
   * Per signed-in customer, on opening a ticket: each lands in the staff's queue, and the writes
   * limit alone let one customer open a hundred in two seconds.
   */
  newTicketRateLimit?: object | undefined;
}> = async (app, { ctx, newTicketRateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const newTicketsCounted = perCustomerLimit(
    app,
    newTicketRateLimit,
    'new-tickets',
    TOO_MANY_NEW_TICKETS,
  );

  app.post(
    '/support/tickets',
    {
      schema: { body: newTicketBody, response: { 201: ticketReply } },
      ...(newTicketsCounted ? { preHandler: newTicketsCounted } : {}),
    },
    async (request, reply) => {
      const outcome = await openTicket(
        ctx,
        request.customerId,
        request.body,
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendTicketAnswer(
        ctx.pool,
        reply,
        outcome,
        request.customerId,
        'Support ticket created successfully!',
      );
    },
  );

  app.post(
    '/transactions/:id/dispute',
    {
      schema: {
        summary: 'Dispute one of your card charges: a support ticket follows the case',
        // The charge is found in the history read model: a token waits for it to be there.
        params: z.object({ id: transactionIdText }),
        body: disputeBody,
        response: { 201: disputeAnswer },
      },
      preHandler: consistentReads(ctx.pool, readModelsNamed('transactions', 'support')),
    },
    async (request, reply) => {
      const outcome = await disputeCharge(
        ctx,
        request.customerId,
        request.params.id,
        request.body,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      await waitForOwnWrite(ctx.pool, outcome.appended?.position, TICKET_READS);
      const row = await findTicket(ctx.pool, outcome.result.ticketId, request.customerId);
      if (!row) throw notFound();
      return reply.code(201).send(ok({ dispute: disputeViewOf(row) }, DISPUTE_MESSAGES.submitted));
    },
  );

  app.post(
    '/support/tickets/:id/reply',
    { schema: { params: uuidParam, body: replyBody, response: { 201: ticketReply } } },
    async (request, reply) => {
      const outcome = await replyToTicket(
        ctx,
        { type: 'customer', customerId: request.customerId },
        request.params.id,
        request.body.message,
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendTicketAnswer(
        ctx.pool,
        reply,
        outcome,
        request.customerId,
        'Reply added successfully',
      );
    },
  );

  app.put(
    '/support/tickets/:id/status',
    { schema: { params: uuidParam, body: statusBody, response: { 200: ticketReply } } },
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
