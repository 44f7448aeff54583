import {
  zelleActivityList,
  zelleIncomingRequestList,
  zelleLimits,
  zelleRecipientList,
  type ZelleActivityView,
} from '@bank/contracts';
import { BANK_TIME_ZONE, bankDate, centsToDollars, moneyRules } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import {
  findZelleActivity,
  listPendingZelleRequests,
  listZelleRecipients,
  usedToday,
  type ZelleActivityRow,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitView } from './transfers.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

function activityView(r: ZelleActivityRow): ZelleActivityView {
  return {
    id: r.item_id,
    type: r.type,
    direction: r.direction,
    recipient_name: r.recipient_name,
    sender_name: r.sender_name,
    counterparty_name: r.counterparty_name,
    contact: r.counterparty_contact,
    amount: centsToDollars(r.amount_cents),
    memo: r.memo,
    date: r.occurred_at.toISOString(),
    formatted_date: dateFormat.format(r.occurred_at),
    status: r.status,
    reference_number: r.reference_number,
    account_id: r.account_id,
    receipt_id: r.receipt_id ?? null,
  };
}

const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(['all', 'sent', 'received', 'request']).optional(),
  status: z.enum(['all', 'completed', 'pending', 'returned', 'declined', 'cancelled']).optional(),
  search: z.string().trim().max(100).optional(),
});

/** Person-to-person reads: recent recipients, activity, limits, and requests awaiting me. */
export const zelleQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/zelle/recipients',
    { schema: { response: { 200: zelleRecipientList } } },
    async (request) => {
      const rows = await listZelleRecipients(pool, request.customerId);
      return ok(
        {
          recipients: rows.map((r) => ({
            name: r.name,
            email: r.email,
            phone: r.phone,
            avatar: null,
            transaction_count: r.transaction_count,
            last_transaction_date: r.last_at.toISOString(),
          })),
        },
        'Recipients retrieved successfully',
      );
    },
  );

  app.get(
    '/zelle/transactions',
    { schema: { querystring: activityQuery, response: { 200: zelleActivityList } } },
    async (request) => {
      const q = request.query;
      const rows = await findZelleActivity(pool, request.customerId, {
        type: q.type === 'all' ? undefined : q.type,
        status: q.status === 'all' ? undefined : q.status,
        search: q.search,
        limit: q.limit,
      });
      return ok({ transactions: rows.map(activityView) }, 'Transactions retrieved successfully');
    },
  );

  app.get(
    '/zelle/requests',
    { schema: { response: { 200: zelleIncomingRequestList } } },
    async (request) => {
      const rows = await listPendingZelleRequests(pool, request.customerId);
      return ok(
        {
          requests: rows.map((r) => ({
            ...activityView(r),
            requester_name: r.sender_name,
          })),
        },
        'Requests retrieved successfully',
      );
    },
  );

  app.get('/zelle/limits', { schema: { response: { 200: zelleLimits } } }, async (request) => {
    const used = await usedToday(pool, request.customerId);
    const sent = used('zelle-send');
    const received = used('zelle-receive');
    return ok(
      {
        limits: {
          daily: limitView(moneyRules.dailyLimits['zelle-send'], sent.day),
          monthly: limitView(moneyRules.monthlyLimits['zelle-send']!, sent.month),
          daily_receive: limitView(moneyRules.dailyLimits['zelle-receive'], received.day),
          per_transaction: {
            min: centsToDollars(moneyRules.zelleMinCents),
            max: centsToDollars(moneyRules.zelleMaxCents),
          },
          time_zone: BANK_TIME_ZONE,
          business_date: bankDate(new Date()),
        },
      },
      'Limits retrieved successfully',
    );
  });
};
