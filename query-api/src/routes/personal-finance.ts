import { savingsGoalsList, transactionCategoriesList } from '@bank/contracts';
import { transactionCategories } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSavingsGoals } from '../views/savings-goals.ts';

/** Savings goals and the category table the transaction lists use. */
export const personalFinanceQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/savings-goals',
    {
      schema: {
        summary: 'Your savings accounts, each with its goal and progress (or none)',
        response: { 200: savingsGoalsList },
      },
    },
    async (request) =>
      ok({ savings_goals: await listSavingsGoals(pool, request.customerId) }, 'OK'),
  );

  app.get(
    '/transactions/categories',
    {
      schema: {
        summary: 'The transaction categories a transaction can be put in, with labels',
        response: { 200: transactionCategoriesList },
      },
    },
    async () =>
      ok(
        {
          categories: Object.entries(transactionCategories).map(([key, label]) => ({
            key,
            label,
          })),
        },
        'OK',
      ),
  );
};
