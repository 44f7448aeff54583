import { bankDate } from '@bank/events';
import { defineProjection } from '../../projection.ts';

/**
 * Limit usage: each movement counted against a customer's limits, by the bank day and month
 * recorded in the event (when it happened); cancelled ones (failed, returned) no longer count.
 */
export const moneyLimitsProjection = defineProjection({
  name: 'money-limits',
  tables: ['rm_money_movements'],
  handlers: {
    async MoneyMovementRecorded(d, _event, db) {
      const date = bankDate(new Date(d.at));
      await db.query(
        `INSERT INTO rm_money_movements (customer_id, movement_id, category, amount_cents, bank_date,
           bank_month, occurred_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`,
        [d.customerId, d.movementId, d.category, d.amount, date, date.slice(0, 7), d.at],
      );
    },
    async MoneyMovementCancelled(d, _event, db) {
      await db.query(
        'UPDATE rm_money_movements SET cancelled = true WHERE customer_id = $1 AND movement_id = $2',
        [d.customerId, d.movementId],
      );
    },
  },
});
