import { savedRecipientList, type SavedRecipientView } from '@bank/contracts';
import { centsToDollars, moneyRules } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

interface RecipientRow {
  recipient_id: string;
  type: SavedRecipientView['type'];
  nickname: string;
  recipient_name: string;
  bank_name: string;
  account_last4: string;
  routing_number: string | null;
  country: string | null;
  swift_code: string | null;
  saved_at: Date;
  /** When the account stops being new: 3 days after it was saved or first paid, the earlier. */
  known_from: Date;
}

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
      const { rows } = await pool.query<RecipientRow>(
        `SELECT r.*, least(r.saved_at, p.first_paid_at) + make_interval(days => $2) AS known_from
           FROM rm_saved_recipients r
           LEFT JOIN rm_paid_destinations p
             ON p.customer_id = r.customer_id AND p.destination_hash = r.destination_hash
          WHERE r.customer_id = $1
          ORDER BY lower(r.nickname), r.saved_at LIMIT 200`,
        [request.customerId, moneyRules.newDestinationDays],
      );
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
