import { savedRecipientList } from '@bank/contracts';
import { centsToDollars, moneyRules } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import { listSavedRecipients } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The customer's saved recipients (external and SEPA), by nickname; accounts masked. A recipient
 * still new (saved, or first paid, less than 3 days ago) says until when each transfer to it is
 * held to the new-destination limit.
 */
export const savedRecipientQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/transfers/recipients',
    { schema: { response: { 200: savedRecipientList } } },
    async (request) => {
      const rows = await listSavedRecipients(pool, request.customerId);
      const now = Date.now();
      return ok(
        {
          recipients: rows.map((r) => ({
            id: r.recipient_id,
            type: r.type,
            nickname: r.nickname,
            recipient_name: r.recipient_name,
            bank_name: r.bank_name,
            account: `****${r.account_last4}`,
            routing_number: r.routing_number,
            country: r.country,
            swift_code: r.swift_code,
            saved_at: r.saved_at.toISOString(),
            new_account_limit:
              r.known_from.getTime() > now
                ? {
                    per_transfer: centsToDollars(moneyRules.newDestinationTransferCents),
                    until: r.known_from.toISOString(),
                  }
                : null,
          })),
        },
        'Saved recipients retrieved successfully',
      );
    },
  );
};
