import { ERASED, unitsValueCents } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';

async function addHolding(
  db: Db,
  customerId: string,
  symbol: string,
  delta: number,
  event: RecordedEvent,
): Promise<void> {
  await db.query(
    `INSERT INTO rm_crypto_holdings (customer_id, symbol, units, updated_at) VALUES ($1,$2,$3,$4)
     ON CONFLICT (customer_id, symbol)
     DO UPDATE SET units = rm_crypto_holdings.units + $3, updated_at = $4`,
    [customerId, symbol, delta, event.recordedAt],
  );
}

interface TransactionRow {
  id: string;
  customerId: string;
  type: 'buy' | 'sell' | 'deposit' | 'withdraw';
  symbol: string;
  units: number;
  priceCents: number;
  priceMicroUsd?: number | undefined;
  usdCents: number;
  feeCents: number;
  totalCents: number;
  networkFeeUnits?: number;
  status: 'completed' | 'pending';
  accountId?: string | null;
  network?: string | null;
  txHash?: string | null;
  address?: string | null;
  depositAddress?: string | null;
  reference?: string | null;
}

async function insertTransaction(db: Db, t: TransactionRow, event: RecordedEvent) {
  await db.query(
    `INSERT INTO rm_crypto_transactions (id, customer_id, type, symbol, units, price_cents, usd_cents,
       fee_cents, total_cents, network_fee_units, status, account_id, network, tx_hash, address,
       reference_number, created_at, executed_at, position, price_micro_usd, deposit_address)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21)`,
    [
      t.id,
      t.customerId,
      t.type,
      t.symbol,
      t.units,
      t.priceCents,
      t.usdCents,
      t.feeCents,
      t.totalCents,
      t.networkFeeUnits ?? 0,
      t.status,
      t.accountId ?? null,
      t.network ?? null,
      t.txHash ?? null,
      t.address ?? null,
      t.reference ?? null,
      event.recordedAt,
      t.status === 'completed' ? event.recordedAt : null,
      event.position.globalPosition,
      t.priceMicroUsd ?? null,
      t.depositAddress ?? null,
    ],
  );
}

/** Market prices (latest refresh), each customer's holdings, and their crypto transactions. */
export const cryptoProjection = defineProjection({
  name: 'crypto',
  tables: ['rm_crypto_market', 'rm_crypto_holdings', 'rm_crypto_transactions', 'rm_crypto_custody'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_crypto_transactions SET address = CASE WHEN address IS NOT NULL THEN $2 END
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async CryptoPricesRefreshed(d, _event, db) {
      for (const q of d.quotes) {
        await db.query(
          `INSERT INTO rm_crypto_market (symbol, price_cents, change_24h_bps, volume_dollars,
             market_cap_dollars, source, as_of, price_micro_usd, bid_micro_usd, ask_micro_usd)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
           ON CONFLICT (symbol) DO UPDATE SET price_cents = $2, change_24h_bps = $3,
             volume_dollars = $4, market_cap_dollars = $5, source = $6, as_of = $7,
             price_micro_usd = $8, bid_micro_usd = $9, ask_micro_usd = $10
           WHERE rm_crypto_market.as_of <= $7`,
          [
            q.symbol,
            q.priceCents,
            q.change24hBps,
            q.volume24hDollars,
            q.marketCapDollars,
            d.source,
            d.asOf,
            q.priceMicroUsd ?? null,
            q.bidMicroUsd ?? null,
            q.askMicroUsd ?? null,
          ],
        );
      }
    },
    async CryptoBought(d, event, db) {
      await addHolding(db, d.customerId, d.symbol, d.units, event);
      await insertTransaction(
        db,
        {
          id: d.tradeId,
          customerId: d.customerId,
          type: 'buy',
          symbol: d.symbol,
          units: d.units,
          priceCents: d.priceCents,
          priceMicroUsd: d.priceMicroUsd,
          usdCents: d.usdCents,
          feeCents: d.feeCents,
          totalCents: d.totalCents,
          status: 'completed',
          accountId: d.accountId,
          reference: d.reference,
        },
        event,
      );
    },
    async CryptoSold(d, event, db) {
      await addHolding(db, d.customerId, d.symbol, -d.units, event);
      await insertTransaction(
        db,
        {
          id: d.tradeId,
          customerId: d.customerId,
          type: 'sell',
          symbol: d.symbol,
          units: d.units,
          priceCents: d.priceCents,
          priceMicroUsd: d.priceMicroUsd,
          usdCents: d.grossCents,
          feeCents: d.feeCents,
          totalCents: d.netCents,
          status: 'completed',
          accountId: d.accountId,
          reference: d.reference,
        },
        event,
      );
    },
    async CryptoDepositSubmitted(d, event, db) {
      const value = unitsValueCents(d.units, d.priceCents);
      await insertTransaction(
        db,
        {
          id: d.depositId,
          customerId: d.customerId,
          type: 'deposit',
          symbol: d.symbol,
          units: d.units,
          priceCents: d.priceCents,
          usdCents: value,
          feeCents: 0,
          totalCents: value,
          status: 'pending',
          network: d.network,
          txHash: d.txHash,
          address: d.fromAddress,
          depositAddress: d.depositAddress ?? null,
        },
        event,
      );
    },
    async CryptoDepositConfirmed(d, event, db) {
      await addHolding(db, d.customerId, d.symbol, d.units, event);
      await db.query(
        `UPDATE rm_crypto_transactions SET status = 'completed', executed_at = $2 WHERE id = $1`,
        [d.depositId, event.recordedAt],
      );
    },
    async CryptoDepositRejected(d, _event, db) {
      await db.query(
        `UPDATE rm_crypto_transactions SET status = 'failed', review_note = $2 WHERE id = $1`,
        [d.depositId, d.reason],
      );
    },
    async CryptoCustodyMoved(d, event, db) {
      await db.query(
        `INSERT INTO rm_crypto_custody (symbol, units, updated_at) VALUES ($1,$2,$3)
         ON CONFLICT (symbol) DO UPDATE SET units = rm_crypto_custody.units + $2, updated_at = $3`,
        [d.symbol, d.units, event.recordedAt],
      );
    },
    async CryptoWithdrawn(d, event, db) {
      await addHolding(db, d.customerId, d.symbol, -d.units, event);
      const value = unitsValueCents(d.units, d.priceCents);
      await insertTransaction(
        db,
        {
          id: d.withdrawalId,
          customerId: d.customerId,
          type: 'withdraw',
          symbol: d.symbol,
          units: d.units,
          priceCents: d.priceCents,
          usdCents: value,
          feeCents: 0,
          totalCents: value,
          networkFeeUnits: d.networkFeeUnits,
          status: 'completed',
          network: d.network,
          address: d.toAddress,
        },
        event,
      );
    },
  },
});
