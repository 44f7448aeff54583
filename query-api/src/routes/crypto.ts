import { createHash } from 'node:crypto';
import {
  centsToDollars,
  cryptoAssets,
  cryptoSymbols,
  unitsToCoinText,
  unitsToCoins,
  unitsValueCents,
  type CryptoSymbol,
} from '@bank/events';
import { deterministicUuid, ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface MarketRow extends Record<string, unknown> {
  symbol: CryptoSymbol;
  price_cents: number;
  change_24h_bps: number;
  volume_dollars: number;
  market_cap_dollars: number;
  source: string;
  as_of: Date;
}

/** Basis points as a percentage number with 2 decimals (-234 → -2.34), by text. */
function bpsToPercent(bps: number): number {
  const abs = Math.abs(bps);
  return Number(
    `${bps < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
  );
}

/**
 * A customer's deposit address for a coin. SIMULATED: derived from the customer and the coin, it
 * looks like an address of the coin's network but no wallet behind it exists in this build.
 */
function depositAddress(customerId: string, symbol: CryptoSymbol): string {
  const hex = createHash('sha256').update(`deposit:${customerId}:${symbol}`).digest('hex');
  switch (cryptoAssets[symbol].network) {
    case 'BTC':
      return `bc1q${hex.slice(0, 38)}`;
    case 'ADA':
      return `addr1q${hex}`.slice(0, 58);
    case 'SOL':
    case 'DOT':
      return hex.slice(0, 44);
    case 'DOGE':
      return `D${hex.slice(0, 33)}`;
    default:
      return `0x${hex.slice(0, 40)}`;
  }
}

const transactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  type: z.enum(['buy', 'sell', 'deposit', 'withdraw', 'all']).optional(),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum([...cryptoSymbols, 'ALL']))
    .optional(),
  status: z.enum(['completed', 'pending', 'processing', 'failed', 'all']).optional(),
});

interface TransactionRow extends Record<string, unknown> {
  id: string;
  type: string;
  symbol: CryptoSymbol;
  units: number;
  price_cents: number;
  usd_cents: number;
  fee_cents: number;
  total_cents: number;
  network_fee_units: number;
  status: string;
  network: string | null;
  tx_hash: string | null;
  address: string | null;
  reference_number: string | null;
  created_at: Date;
  executed_at: Date | null;
}

function transactionView(row: TransactionRow) {
  const amount = unitsToCoins(row.units);
  return {
    id: row.id,
    type: row.type,
    symbol: row.symbol,
    currency_code: row.symbol,
    name: cryptoAssets[row.symbol].name,
    crypto_amount: amount,
    amount,
    crypto_amount_exact: unitsToCoinText(row.units),
    price_per_unit: centsToDollars(row.price_cents),
    usd_amount: centsToDollars(row.usd_cents),
    total_value: centsToDollars(row.total_cents),
    fee: centsToDollars(row.fee_cents),
    network_fee: unitsToCoins(row.network_fee_units),
    network: row.network,
    tx_hash: row.tx_hash,
    address: row.address,
    reference_number: row.reference_number,
    status: row.status,
    executed_at: row.executed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Crypto reads: market data, portfolio, transactions and deposit methods. */
export const cryptoQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  const readMarket = async () => {
    const { rows } = await pool.query<MarketRow>('SELECT * FROM rm_crypto_market');
    return new Map(rows.map((r) => [r.symbol, r]));
  };

  app.get('/crypto/market-data', async () => {
    const market = await readMarket();
    const rows = cryptoSymbols.flatMap((s) => market.get(s) ?? []);
    return ok(
      {
        market_data: rows.map((r) => ({
          symbol: r.symbol,
          name: cryptoAssets[r.symbol].name,
          price: centsToDollars(r.price_cents),
          change24h: bpsToPercent(r.change_24h_bps),
          volume: r.volume_dollars,
          market_cap: r.market_cap_dollars,
        })),
        as_of: rows[0]?.as_of.toISOString() ?? null,
        source: rows[0]?.source ?? null,
        simulated: rows[0]?.source === 'simulated',
      },
      'Market data retrieved successfully',
    );
  });

  app.get('/crypto/portfolio', async (request) => {
    const [market, holdings] = await Promise.all([
      readMarket(),
      pool.query<{ symbol: CryptoSymbol; units: number }>(
        'SELECT symbol, units FROM rm_crypto_holdings WHERE customer_id = $1 AND units > 0',
        [request.customerId],
      ),
    ]);
    const items = cryptoSymbols.flatMap((symbol) => {
      const held = holdings.rows.find((h) => h.symbol === symbol);
      if (!held) return [];
      const quote = market.get(symbol);
      const valueCents = quote ? unitsValueCents(held.units, quote.price_cents) : 0;
      return [
        {
          id: deterministicUuid(`crypto-holding:${request.customerId}:${symbol}`),
          symbol,
          name: cryptoAssets[symbol].name,
          balance: unitsToCoins(held.units),
          balance_exact: unitsToCoinText(held.units),
          current_price: quote ? centsToDollars(quote.price_cents) : null,
          current_value: centsToDollars(valueCents),
          change_24h: quote ? bpsToPercent(quote.change_24h_bps) : 0,
          valueCents,
        },
      ];
    });
    const totalCents = items.reduce((sum, i) => sum + i.valueCents, 0);
    return ok(
      {
        portfolio: items.map(({ valueCents: _omit, ...item }) => item),
        total_value: centsToDollars(totalCents),
        asset_count: items.length,
      },
      'Portfolio retrieved successfully',
    );
  });

  app.get(
    '/crypto/transactions',
    { schema: { querystring: transactionsQuery } },
    async (request) => {
      const q = request.query;
      const { rows } = await pool.query<TransactionRow>(
        `SELECT * FROM rm_crypto_transactions
       WHERE customer_id = $1
         AND ($2::text IS NULL OR type = $2)
         AND ($3::text IS NULL OR symbol = $3)
         AND ($4::text IS NULL OR status = $4)
       ORDER BY created_at DESC, position DESC
       LIMIT $5`,
        [
          request.customerId,
          q.type && q.type !== 'all' ? q.type : null,
          q.symbol && q.symbol !== 'ALL' ? q.symbol : null,
          q.status && q.status !== 'all' ? q.status : null,
          q.limit,
        ],
      );
      return ok({ transactions: rows.map(transactionView) }, 'Transactions retrieved successfully');
    },
  );

  app.get('/crypto/deposit-methods', async (request) =>
    ok(
      {
        deposit_methods: cryptoSymbols.map((symbol) => ({
          symbol,
          name: cryptoAssets[symbol].name,
          address: depositAddress(request.customerId, symbol),
          network: cryptoAssets[symbol].network,
          min_amount: 0.001,
          withdrawal_network_fee: unitsToCoins(cryptoAssets[symbol].withdrawalNetworkFeeUnits),
          simulated: true,
        })),
      },
      'Deposit methods retrieved successfully',
    ),
  );
};
