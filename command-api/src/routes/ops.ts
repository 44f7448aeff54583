import {
  contactRequestHandledAnswer,
  contactRequestsErasedAnswer,
  customerErasedAnswer,
  tellerDepositAnswer,
} from '@bank/contracts';
import { accountNumberText, moneyAmount, ok, requireOps, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { MAX_TELLER_DEPOSIT_CENTS, tellerCash } from '../services/deposits.ts';
import { markContactRequestHandled } from '../services/contact-requests.ts';
import { eraseContactRequests, eraseCustomer } from '../services/erasure.ts';
import { commandMetadata, markConsistency, moneyRoute, sendMoneyReply } from './command-reply.ts';
import { opsRequestIdentity } from './money-input.ts';
import { email } from './schemas.ts';

const tellerBody = (direction: 'deposit' | 'withdrawal') =>
  z.object({
    account_number: accountNumberText,
    amount: moneyAmount({ minCents: 1, message: 'The amount must be at least $0.01.' }).refine(
      (cents) => cents <= MAX_TELLER_DEPOSIT_CENTS,
      `A teller ${direction} can be at most $10,000,000.00.`,
    ),
    description: z.string().trim().min(1).max(255).default(`Teller cash ${direction}`),
  });

/** Staff operations under /ops, authorised by OPS_TOKEN. */
export const opsCommandRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.post(
    '/ops/customers/erase',
    {
      schema: {
        body: z.object({
          account_number: accountNumberText,
          reason: z.string().trim().min(1).max(500).default('Customer erasure request'),
        }),
        response: { 200: customerErasedAnswer },
      },
    },
    async (request, reply) => {
      const { customerId, outcome } = await eraseCustomer(
        ctx,
        request.body.account_number,
        request.body.reason,
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      return reply.send(
        ok({ customer_id: customerId }, 'The customer’s personal data has been erased.'),
      );
    },
  );

  app.post(
    '/ops/contact-requests/erase',
    {
      schema: {
        body: z.object({
          email,
          reason: z.string().trim().min(1).max(500).default('Erasure request'),
        }),
        response: { 200: contactRequestsErasedAnswer },
      },
    },
    async (request, reply) => {
      const { requestIds, outcome } = await eraseContactRequests(
        ctx,
        request.body.email,
        request.body.reason,
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      return reply.send(
        ok(
          { request_ids: requestIds },
          'The personal data of this email’s contact requests has been erased.',
        ),
      );
    },
  );

  app.post(
    '/ops/contact-requests/:id/handled',
    { schema: { params: uuidParam, response: { 200: contactRequestHandledAnswer } } },
    async (request, reply) => {
      const outcome = await markContactRequestHandled(
        ctx,
        request.params.id,
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      const { handledAt, already } = outcome.result;
      return reply.send(
        ok(
          { request_id: request.params.id, handled_at: handledAt },
          already
            ? 'This contact request was already handled.'
            : 'The contact request is marked handled.',
        ),
      );
    },
  );

  // Cash over the counter: a deposit, or a withdrawal (paying a customer out, as when they close
  // their accounts before an erasure).
  for (const direction of ['deposit', 'withdrawal'] as const) {
    app.post(
      `/ops/${direction}s`,
      {
        schema: { body: tellerBody(direction), response: { 201: tellerDepositAnswer } },
        ...moneyRoute(),
      },
      async (request, reply) => {
        const outcome = await tellerCash(
          ctx,
          {
            direction,
            accountNumber: request.body.account_number,
            amountCents: request.body.amount,
            description: request.body.description,
          },
          opsRequestIdentity(request),
          commandMetadata(request, 'ops'),
        );
        return sendMoneyReply(reply, outcome);
      },
    );
  }
};
