import {
  alertSettingsReply,
  insightsView,
  successOf,
  type AlertSettingsView,
} from '@bank/contracts';
import { addMonthsIso, bankDate, centsToDollars } from '@bank/events';
import { fieldError, ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import { readAlertPreferences } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readInsights } from '../views/insights.ts';

/** The first month insights can look at: the first the date arithmetic represents. */
const FIRST_MONTH = '1970-01';

const insightsQuery = z.object({
  month: z
    .string()
    // From 1970 to 2999: a bank month, and one the date arithmetic can represent.
    .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, { message: 'Please choose a month as YYYY-MM.' })
    .optional()
    .describe('The month to look at (YYYY-MM, bank time); this month when absent.'),
  months: z.coerce
    .number({ message: 'Please choose between 2 and 12 months.' })
    .int({ message: 'Please choose between 2 and 12 months.' })
    .min(2, { message: 'Please choose between 2 and 12 months.' })
    .max(12, { message: 'Please choose between 2 and 12 months.' })
    .default(6)
    .describe('How many months the comparison covers, the chosen one last (2 to 12).'),
});

/** Spending insights, and the alerts the customer has set. */
export const insightsQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/insights',
    {
      schema: {
        summary:
          'Your spending by category per month, money in and out per month, and your crypto portfolio’s value per day',
        description:
          'All amounts in integer cents. Money moved between your own accounts is neither income nor spending; a transaction you put in another category counts there.',
        querystring: insightsQuery,
        response: { 200: successOf(insightsView) },
      },
    },
    async (request) => {
      const today = bankDate(new Date());
      const month = request.query.month ?? today.slice(0, 7);
      // A month to come has no figures, and a span must not reach back before the first month.
      if (month > today.slice(0, 7)) {
        throw fieldError({ month: ['That month has not started yet.'] });
      }
      if (addMonthsIso(month, 1 - request.query.months) < FIRST_MONTH) {
        throw fieldError({ months: [`Please choose months from ${FIRST_MONTH} on.`] });
      }
      const insights = await readInsights(
        pool,
        request.customerId,
        month,
        request.query.months,
        today,
      );
      return ok(insights, 'OK');
    },
  );

  app.get(
    '/profile/alerts',
    {
      schema: {
        summary: 'Your alerts: low balance, large transaction, card used abroad',
        response: { 200: alertSettingsReply },
      },
    },
    async (request) => {
      const row = await readAlertPreferences(pool, request.customerId);
      const alerts: AlertSettingsView = {
        low_balance_enabled: row?.low_balance_cents != null,
        low_balance_threshold:
          row?.low_balance_cents != null ? centsToDollars(Number(row.low_balance_cents)) : null,
        low_balance_account_id: row?.low_balance_account_id ?? null,
        large_transaction_enabled: row?.large_transaction_cents != null,
        large_transaction_threshold:
          row?.large_transaction_cents != null
            ? centsToDollars(Number(row.large_transaction_cents))
            : null,
        card_abroad_enabled: row?.card_abroad ?? false,
      };
      return ok({ alerts }, 'OK');
    },
  );
};
