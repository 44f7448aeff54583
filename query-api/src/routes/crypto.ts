import {
  cryptoDepositMethods,
  cryptoMarket,
  cryptoPortfolio,
  cryptoTransactionList,
  pendingCryptoDepositsAnswer,
  type CryptoTransactionView,
} from '@bank/contracts';
import {
  bankDepositAddress,
  centsToDollars,
  cryptoAssets,
  microUsdToDollars,
  cryptoSymbols,
  unitsToCoinText,
  unitsToCoins,
  unitsValueCents,
} from '@bank/events';
import {
  deterministicUuid,
  ok,
  requireCustomer,
  requireOps,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import {
  findCryptoTransactions,
  listPendingDeposits,
  readHoldings,
  readMarket,
  readPendingDeposits,
  type CryptoTransactionRow,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Basis points as a percentage number with 2 decimals (-234 → -2.34), by text. */
function bpsToPercent(bps: number): number {
  const abs = Math.abs(bps);
  return Number(
    `${bps < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
  );
}

/** A price in millionths of a dollar when recorded, else in cents, as dollars. */
function dollarsOf(microUsd: number | null, cents: number): number {
  return microUsd === null ? centsToDollars(cents) : microUsdToDollars(microUsd);
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

function transactionView(row: CryptoTransactionRow): CryptoTransactionView {
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
    price_per_unit: dollarsOf(row.price_micro_usd, row.price_cents),
    usd_amount: centsToDollars(row.usd_cents),
    total_value: centsToDollars(row.total_cents),
    fee: centsToDollars(row.fee_cents),
    network_fee: unitsToCoins(row.network_fee_units),
    network: row.network,
    tx_hash: row.tx_hash,
    address: row.address,
    reference_number: row.reference_number,
    deposit_address: row.deposit_address,
    review_note: row.review_note,
    status: row.status,
    executed_at: row.executed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    receipt_id: row.receipt_id ?? null,
  };
}

/** Crypto reads: market data, portfolio, transactions and deposit methods. */
export const cryptoQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get('/crypto/market-data', { schema: { response: { 200: cryptoMarket } } }, async () => {
    const market = await readMarket(pool);
    const rows = cryptoSymbols.flatMap((s) => market.get(s) ?? []);
    return ok(
      {
        market_data: rows.map((r) => ({
          symbol: r.symbol,
          name: cryptoAssets[r.symbol].name,
          price: dollarsOf(r.price_micro_usd, r.price_cents),
          bid: r.bid_micro_usd === null ? null : microUsdToDollars(r.bid_micro_usd),
          ask: r.ask_micro_usd === null ? null : microUsdToDollars(r.ask_micro_usd),
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

  app.get(
    '/crypto/portfolio',
    { schema: { response: { 200: cryptoPortfolio } } },
    async (request) => {
      const [market, holdings, pending] = await Promise.all([
        readMarket(pool),
        readHoldings(pool, request.customerId),
        readPendingDeposits(pool, request.customerId),
      ]);
      // Pending deposit claims are shown beside the balance, never in it or in the total value.
      const items = cryptoSymbols.flatMap((symbol) => {
        const held = holdings.find((h) => h.symbol === symbol);
        const pendingUnits = Number(pending.find((p) => p.symbol === symbol)?.units ?? 0);
        if (!held && pendingUnits === 0) return [];
        const units = held?.units ?? 0;
        const quote = market.get(symbol);
        const valueCents = quote ? unitsValueCents(units, quote.price_cents) : 0;
        return [
          {
            id: deterministicUuid(`crypto-holding:${request.customerId}:${symbol}`),
            symbol,
            name: cryptoAssets[symbol].name,
            balance: unitsToCoins(units),
            balance_exact: unitsToCoinText(units),
            pending_balance: unitsToCoins(pendingUnits),
            pending_balance_exact: unitsToCoinText(pendingUnits),
            current_price: quote ? dollarsOf(quote.price_micro_usd, quote.price_cents) : null,
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
    },
  );

  app.get(
    '/crypto/transactions',
    { schema: { querystring: transactionsQuery, response: { 200: cryptoTransactionList } } },
    async (request) => {
      const q = request.query;
      const rows = await findCryptoTransactions(pool, request.customerId, {
        type: q.type && q.type !== 'all' ? q.type : null,
        symbol: q.symbol && q.symbol !== 'ALL' ? q.symbol : null,
        status: q.status && q.status !== 'all' ? q.status : null,
        limit: q.limit,
      });
      return ok({ transactions: rows.map(transactionView) }, 'Transactions retrieved successfully');
    },
  );

  app.get(
    '/crypto/deposit-methods',
    { schema: { response: { 200: cryptoDepositMethods } } },
    async (request) =>
      ok(
        {
          deposit_methods: cryptoSymbols.map((symbol) => ({
            symbol,
            name: cryptoAssets[symbol].name,
            address: bankDepositAddress(request.customerId, symbol, cryptoAssets[symbol].network),
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

/**
 * The operations review queue: deposit claims waiting for someone to find the transaction on the
 * network (paying the customer's deposit address, the amount claimed) and approve or reject it.
 */
export const cryptoOpsQueryRoutes: FastifyPluginAsyncZod<{ pool: Pool; opsToken: string }> = async (
  app,
  { pool, opsToken },
) => {
  app.addHook('onRequest', requireOps(opsToken));

  app.get(
    '/ops/crypto-deposits',
    { schema: { response: { 200: pendingCryptoDepositsAnswer } } },
    async () => {
      const rows = await listPendingDeposits(pool);
      return ok(
        {
          crypto_deposits: rows.map((r) => ({
            id: r.id,
            customer_id: r.customer_id,
            customer_name: r.customer_name,
            account_number: r.account_number,
            symbol: r.symbol,
            amount: unitsToCoinText(r.units),
            usd_value: centsToDollars(unitsValueCents(r.units, r.price_cents)),
            network: r.network,
            tx_hash: r.tx_hash,
            from_address: r.address,
            deposit_address: r.deposit_address,
            submitted_at: r.created_at.toISOString(),
          })),
        },
        'OK',
      );
    },
  );
};
