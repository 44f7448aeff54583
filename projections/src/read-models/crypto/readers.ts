import type { CryptoSymbol } from '@bank/events';
import type { Db } from '../../projection.ts';
import { receiptIdOf } from '../transactions/readers.ts';

/** The latest quote of a coin. Prices in cents, and in millionths of a dollar when recorded. */
export interface CryptoMarketRow extends Record<string, unknown> {
  symbol: CryptoSymbol;
  price_cents: number;
  price_micro_usd: number | null;
  bid_micro_usd: number | null;
  ask_micro_usd: number | null;
  change_24h_bps: number;
  volume_dollars: number;
  market_cap_dollars: number;
  source: string;
  as_of: Date;
}

/** A trade, deposit claim or withdrawal; units of 10^-8 coin. */
export interface CryptoTransactionRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  type: 'buy' | 'sell' | 'deposit' | 'withdraw';
  symbol: CryptoSymbol;
  units: number;
  price_cents: number;
  price_micro_usd: number | null;
  usd_cents: number;
  fee_cents: number;
  total_cents: number;
  network_fee_units: number;
  status: string;
  account_id: string | null;
  network: string | null;
  tx_hash: string | null;
  address: string | null;
  reference_number: string | null;
  deposit_address: string | null;
  review_note: string | null;
  created_at: Date;
  executed_at: Date | null;
  /** The history line of the same movement, whose receipt it opens. */
  receipt_id: string | null;
}

/** A deposit claim waiting for review, with who claims it. */
export interface PendingDepositRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  symbol: CryptoSymbol;
  units: number;
  price_cents: number;
  network: string | null;
  tx_hash: string | null;
  address: string | null;
  deposit_address: string | null;
  created_at: Date;
  customer_name: string | null;
  account_number: string | null;
}

export interface CryptoTransactionFilter {
  type: string | null;
  symbol: string | null;
  status: string | null;
  limit: number;
}

/** Units of each coin, per coin. */
export type CoinUnits = { symbol: CryptoSymbol; units: number }[];

/** The latest quote of each coin, by symbol. */
export async function readMarket(db: Db): Promise<Map<CryptoSymbol, CryptoMarketRow>> {
  const { rows } = await db.query<CryptoMarketRow>('SELECT * FROM rm_crypto_market');
  return new Map(rows.map((r) => [r.symbol, r]));
}

/** The coins the customer holds (more than nothing). */
export async function readHoldings(db: Db, customerId: string): Promise<CoinUnits> {
  const { rows } = await db.query<CoinUnits[number]>(
    'SELECT symbol, units FROM rm_crypto_holdings WHERE customer_id = $1 AND units > 0',
    [customerId],
  );
  return rows;
}

/** What the customer's deposit claims awaiting review add up to, per coin. */
export async function readPendingDeposits(db: Db, customerId: string): Promise<CoinUnits> {
  const { rows } = await db.query<CoinUnits[number]>(
    `SELECT symbol, sum(units)::bigint AS units FROM rm_crypto_transactions
     WHERE customer_id = $1 AND type = 'deposit' AND status = 'pending' GROUP BY symbol`,
    [customerId],
  );
  return rows;
}

/** The customer's crypto transactions, newest first, each with its receipt's line. */
export async function findCryptoTransactions(
  db: Db,
  customerId: string,
  f: CryptoTransactionFilter,
): Promise<CryptoTransactionRow[]> {
  const { rows } = await db.query<CryptoTransactionRow>(
    `SELECT *, ${receiptIdOf('rm_crypto_transactions.customer_id', 'rm_crypto_transactions.reference_number')} AS receipt_id
     FROM rm_crypto_transactions
     WHERE customer_id = $1
       AND ($2::text IS NULL OR type = $2)
       AND ($3::text IS NULL OR symbol = $3)
       AND ($4::text IS NULL OR status = $4)
     ORDER BY created_at DESC, position DESC
     LIMIT $5`,
    [customerId, f.type, f.symbol, f.status, f.limit],
  );
  return rows;
}

/** The operations review queue: every deposit claim waiting, oldest first (at most 500). */
export async function listPendingDeposits(db: Db): Promise<PendingDepositRow[]> {
  const { rows } = await db.query<PendingDepositRow>(
    `SELECT t.id, t.customer_id, t.symbol, t.units, t.price_cents, t.network, t.tx_hash,
            t.address, t.deposit_address, t.created_at,
            c.name AS customer_name, c.account_number
     FROM rm_crypto_transactions t LEFT JOIN rm_customers c ON c.customer_id = t.customer_id
     WHERE t.type = 'deposit' AND t.status = 'pending'
     ORDER BY t.created_at, t.position LIMIT 500`,
  );
  return rows;
}

/** The customer a deposit claim belongs to, as the read model has it. */
export async function findDepositCustomer(db: Db, depositId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ customer_id: string }>(
    `SELECT customer_id FROM rm_crypto_transactions WHERE id = $1 AND type = 'deposit'`,
    [depositId],
  );
  return rows[0]?.customer_id;
}

/** One coin's books: the audit's custody check compares the two sides. */
export interface CoinPosition {
  symbol: string;
  /** What customers hold, in units of 10^-8. */
  customerUnits: number;
  /** What the bank's custody wallets hold, in units of 10^-8. */
  custodyUnits: number;
}

/** Per coin: what customers hold and what custody holds (units of 10^-8). */
export async function coinPositions(db: Db): Promise<CoinPosition[]> {
  const { rows } = await db.query<{ symbol: string; customer: string; custody: string }>(
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
