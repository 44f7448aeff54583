import { centsToDollars, unitsToCoinText } from '@bank/events';
import { ok, requireOps, type Pool } from '@bank/infra';
import { clearingBreaks, custodyBreaks, type CoinPosition } from '@bank/infra/audit';
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
    const { rows } = await pool.query<{
      link_sealed: string | null;
      live: boolean;
      created_at: Date;
      expires_at: Date;
      used_at: Date | null;
      name: string | null;
      account_number: string | null;
    }>(
      `SELECT r.link_sealed, r.used_at IS NULL AND r.expires_at > now() AS live,
              r.created_at, r.expires_at, r.used_at, c.name, c.account_number
       FROM password_resets r LEFT JOIN rm_customers c ON c.customer_id = r.customer_id
       ORDER BY r.created_at DESC LIMIT 100`,
    );
    const resets = rows.map(({ link_sealed, live, ...rest }) => ({
      ...rest,
      reset_link: live && link_sealed ? unseal(link_sealed) : null,
    }));
    return ok({ password_resets: resets }, 'OK');
  });

  // The outbox of Zelle claim codes (no mail or SMS server): a message is blanked once its code
  // is used, replaced or spent.
  app.get('/ops/zelle-claim-codes', async () => {
    const { rows } = await pool.query(
      `SELECT z.contact_kind, CASE z.contact_kind WHEN 'email' THEN c.email ELSE c.phone END AS sent_to,
              z.message, z.created_at, z.expires_at, z.attempts,
              z.closed_at, c.name, c.account_number
       FROM zelle_claim_codes z LEFT JOIN rm_customers c ON c.customer_id = z.customer_id
       ORDER BY z.created_at DESC LIMIT 100`,
    );
    return ok({ zelle_claim_codes: rows }, 'OK');
  });

  app.get('/ops/contact-requests', async () => {
    const { rows } = await pool.query(
      'SELECT * FROM rm_contact_requests ORDER BY received_at DESC LIMIT 200',
    );
    return ok({ contact_requests: rows }, 'OK');
  });

  app.get('/ops/ledger', async () => {
    const [customers, internal, coins] = await Promise.all([
      pool.query<{ total: number }>(
        'SELECT coalesce(sum(balance_cents), 0)::bigint AS total FROM rm_accounts',
      ),
      pool.query<{ ledger_account: string; balance_cents: number }>(
        'SELECT ledger_account, balance_cents FROM ledger_balances() ORDER BY ledger_account',
      ),
      coinPositions(pool),
    ]);
    const customerTotal = customers.rows[0]!.total;
    const internalTotal = internal.rows.reduce((sum, r) => sum + r.balance_cents, 0);
    const breaks = [
      ...custodyBreaks(coins),
      ...clearingBreaks(new Map(internal.rows.map((r) => [r.ledger_account, r.balance_cents]))),
    ];
    return ok(
      {
        customer_accounts_total: centsToDollars(customerTotal),
        internal_accounts: internal.rows.map((r) => ({
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

/** Per coin: what customers hold and what custody holds (read models, units of 10^-8). */
async function coinPositions(pool: Pool): Promise<CoinPosition[]> {
  const { rows } = await pool.query<{ symbol: string; customer: string; custody: string }>(
    `SELECT symbol, coalesce(sum(customer), 0)::text AS customer,
            coalesce(sum(custody), 0)::text AS custody
     FROM (SELECT symbol, units AS customer, 0 AS custody FROM rm_crypto_holdings
           UNION ALL SELECT symbol, 0, units FROM rm_crypto_custody) coins
     GROUP BY symbol ORDER BY symbol`,
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    customerUnits: Number(r.customer),
    custodyUnits: Number(r.custody),
  }));
}
