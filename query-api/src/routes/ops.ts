import {
  contactRequestsAnswer,
  ledgerAnswer,
  passwordResetsAnswer,
  zelleClaimCodesAnswer,
} from '@bank/contracts';
import { centsToDollars, unitsToCoinText } from '@bank/events';
import { accountNumberText, fieldError, ok, requireOps, type Pool } from '@bank/infra';
import { clearingBreaks, custodyBreaks } from '@bank/audit';
import {
  coinPositions,
  customerAccountsTotal,
  customerSignsInWith,
  listContactRequests,
  listLedgerBalances,
  passwordResetOutbox,
  zelleClaimCodeOutbox,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const CURSOR_UNKNOWN = 'The cursor is not one this list handed out.';
const LIMIT_RANGE = 'The limit must be a whole number from 1 to 200.';

const contactRequestsQuery = z.object({
  status: z
    .enum(['open', 'handled', 'all'], { error: 'The status must be open, handled or all.' })
    .default('open'),
  cursor: z.uuid({ error: CURSOR_UNKNOWN }).optional(),
  limit: z.coerce
    .number({ error: LIMIT_RANGE })
    .int({ error: LIMIT_RANGE })
    .min(1, { error: LIMIT_RANGE })
    .max(200, { error: LIMIT_RANGE })
    .default(50),
});

/** An outbox of one customer: the one who signs in with this number (staff have it on the call). */
const outboxQuery = z.object({
  account_number: accountNumberText.optional(),
});

/** Staff reads under /ops: reset links, contact requests and the books. */
export const opsQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  opsToken: string;
  /** Opens what was sealed with the bank's secrets key (reset links waiting for delivery). */
  unseal: (sealed: string) => string;
}> = async (app, { pool, opsToken, unseal }) => {
  app.addHook('onRequest', requireOps(opsToken));

  const outboxOwner = async (accountNumber: string | undefined) => {
    if (accountNumber !== undefined && !(await customerSignsInWith(pool, accountNumber))) {
      throw fieldError({ account_number: ['No customer signs in with this account number.'] });
    }
    return accountNumber;
  };

  // The outbox of reset links staff deliver. A link is opened only while it can still be used.
  app.get(
    '/ops/password-resets',
    { schema: { querystring: outboxQuery, response: { 200: passwordResetsAnswer } } },
    async (request) => {
      const owner = await outboxOwner(request.query.account_number);
      const rows = await passwordResetOutbox(pool, owner);
      const resets = rows.map((r) => ({
        created_at: r.created_at.toISOString(),
        expires_at: r.expires_at.toISOString(),
        used_at: r.used_at?.toISOString() ?? null,
        name: r.name,
        account_number: r.account_number,
        reset_link: r.live && r.link_sealed ? unseal(r.link_sealed) : null,
      }));
      return ok({ password_resets: resets }, 'OK');
    },
  );

  // The outbox of Zelle claim codes (no mail or SMS server): a message is opened only while its
  // code can still be entered, and blanked once it is used, replaced or spent.
  app.get(
    '/ops/zelle-claim-codes',
    { schema: { querystring: outboxQuery, response: { 200: zelleClaimCodesAnswer } } },
    async (request) => {
      const owner = await outboxOwner(request.query.account_number);
      const codes = (await zelleClaimCodeOutbox(pool, owner)).map(
        ({ message_sealed, live, ...r }) => ({
          ...r,
          message: live && message_sealed ? unseal(message_sealed) : null,
          created_at: r.created_at.toISOString(),
          expires_at: r.expires_at.toISOString(),
          closed_at: r.closed_at?.toISOString() ?? null,
        }),
      );
      return ok({ zelle_claim_codes: codes }, 'OK');
    },
  );

  // Staff's queue of contact-page requests: the open ones by default, a page at a time.
  app.get(
    '/ops/contact-requests',
    {
      schema: {
        querystring: contactRequestsQuery,
        response: { 200: contactRequestsAnswer },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      // One request more than the page: it tells whether another page follows.
      const read = await listContactRequests(pool, {
        queue: status,
        after: cursor,
        limit: limit + 1,
      });
      if (!read) throw fieldError({ cursor: [CURSOR_UNKNOWN] });
      const rows = read.slice(0, limit);
      const requests = rows.map((r) => ({
        ...r,
        received_at: r.received_at.toISOString(),
        handled_at: r.handled_at?.toISOString() ?? null,
      }));
      const last = read.length > limit ? requests.at(-1) : undefined;
      return ok({ contact_requests: requests, next_cursor: last?.request_id ?? null }, 'OK');
    },
  );

  app.get('/ops/ledger', { schema: { response: { 200: ledgerAnswer } } }, async () => {
    const [customerTotal, internal, coins] = await Promise.all([
      customerAccountsTotal(pool),
      listLedgerBalances(pool),
      coinPositions(pool),
    ]);
    const internalTotal = internal.reduce((sum, r) => sum + r.balance_cents, 0);
    const breaks = [
      ...custodyBreaks(coins),
      ...clearingBreaks(new Map(internal.map((r) => [r.ledger_account, r.balance_cents]))),
    ];
    return ok(
      {
        customer_accounts_total: centsToDollars(customerTotal),
        internal_accounts: internal.map((r) => ({
          ledger_account: r.ledger_account,
          balance: centsToDollars(r.balance_cents),
        })),
        crypto: coins.map((c) => ({
          symbol: c.symbol,
          customer_units: String(c.customerUnits),
          custody_units: String(c.custodyUnits),
          customer_coins: unitsToCoinText(c.customerUnits),
          custody_coins: unitsToCoinText(c.custodyUnits),
        })),
        breaks: breaks.map((b) => ({ kind: b.kind, message: b.message })),
        balanced: customerTotal + internalTotal === 0 && breaks.length === 0,
      },
      'OK',
    );
  });
};
