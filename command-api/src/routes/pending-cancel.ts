import { cancelReply } from '@bank/contracts';
import { requireCustomer, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandContext } from '../services/context.ts';
import {
  cancelTransfer,
  cancelZellePayment,
  cancelZelleRequest,
  type CancelInput,
} from '../services/pending-cancel.ts';
import { commandMetadata, moneyRoute, sendMoneyReply } from './command-reply.ts';
import { formBody, requestIdentity } from './money-input.ts';

/**
 * Taking back what is still pending. Each answers 200 with the cancelled item, 404 for an id that
 * is not the customer's own (or unknown), 409 once it has settled, been claimed, paid or answered.
 */
export const pendingCancelRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const schema = { params: uuidParam, body: formBody({}), response: { 200: cancelReply } };
  const routes = {
    '/transfers/:id/cancel': cancelTransfer,
    '/zelle/payments/:id/cancel': cancelZellePayment,
    '/zelle/requests/:id/cancel': cancelZelleRequest,
  } satisfies Record<string, typeof cancelTransfer>;
  for (const [path, cancel] of Object.entries(routes)) {
    app.post(path, { schema, ...moneyRoute(rateLimit) }, async (request, reply) => {
      const input: CancelInput = { customerId: request.customerId, id: request.params.id };
      const outcome = await cancel(ctx, input, requestIdentity(request), commandMetadata(request));
      return sendMoneyReply(reply, outcome);
    });
  }
};
