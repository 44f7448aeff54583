import { defineProjection } from '../../projection.ts';
import { bankDate } from '@bank/events';

/**
 * Price history for the insights: each crypto asset's last price of each bank day. The holdings
 * over time come from the crypto projection's transactions; spending and income from the
 * transactions projection.
 */
export const insightsProjection = defineProjection({
  name: 'insights',
  tables: ['rm_crypto_price_days'],
  readsPersonalData: false,
  handlers: {
    async CryptoPricesRefreshed(d, _event, db) {
      const asOf = new Date(d.asOf);
      for (const q of d.quotes) {
        await db.query(
          `INSERT INTO rm_crypto_price_days (symbol, day, price_cents, as_of) VALUES ($1, $2, $3, $4)
           ON CONFLICT (symbol, day) DO UPDATE SET price_cents = $3, as_of = $4
           WHERE rm_crypto_price_days.as_of <= $4`,
          [q.symbol, bankDate(asOf), q.priceCents, asOf],
        );
      }
    },
  },
});
