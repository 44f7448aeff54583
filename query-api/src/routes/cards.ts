import { cardList } from '@bank/contracts';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import { cardView, readCards } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /cards: the customer's cards and the offers to apply for, masked. GET /cards/{id}, which
 * reveals the full number and CVV, is served by the command API (it alone holds the secret box).
 */
export const cardQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get('/cards', { schema: { response: { 200: cardList } } }, async (request) => {
    const rows = await readCards(pool, request.customerId);
    return ok({ cards: rows.map(cardView) }, 'Cards retrieved successfully');
  });
};
