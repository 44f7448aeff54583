import { centsToDollars, unitsToCoinText } from '@bank/events';
import { ok, requireOps, type Pool } from '@bank/infra';
import { clearingBreaks, custodyBreaks } from '@bank/infra/audit';
import {
  coinPositions,
  customerAccountsTotal,
  listContactRequests,
  listLedgerBalances,
  passwordResetOutbox,
  zelleClaimCodeOutbox,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff reads under /ops: reset links, contact requests and the books. */
export const opsQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  opsToken: string;
  /** Opens what was sealed with the bank's secrets key (reset links waiting for delivery). */
  unseal: (sealed: string) => string;
}> = async (app, { pool, opsToken, unseal }) => {
  app.addHook('onRequest', requireOps(opsToken));

  // The outbox of reset links staff deliver. A link is opened only while it can still be used.
  app.get('/ops/password-resets', async () => {
    const rows = await passwordResetOutbox(pool);
    const resets = rows.map(({ link_sealed, live, ...rest }) => ({
      ...rest,
      reset_link: live && link_sealed ? unseal(link_sealed) : null,
    }));
    return ok({ password_resets: resets }, 'OK');
  });

  // The outbox of Zelle claim codes (no mail or SMS server): a message is blanked once its code
  // is used, replaced or spent.
  app.get('/ops/zelle-claim-codes', async () => {
    return ok({ zelle_claim_codes: await zelleClaimCodeOutbox(pool) }, 'OK');
  });

  app.get('/ops/contact-requests', async () => {
    return ok({ contact_requests: await listContactRequests(pool) }, 'OK');
  });

  app.get('/ops/ledger', async () => {
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
