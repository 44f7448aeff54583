import { BANK_TIME_ZONE } from '@bank/events';
import { defineProjection } from '../projection.ts';

const bankDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The bank's calendar date (New York) of an instant: limits reset at midnight there. */
export function bankDateOf(at: Date): string {
  return bankDateFormat.format(at);
}

/**
 * Limit usage: each movement counted against a customer's limits, by the bank day and month
 * recorded in the event (when it happened); cancelled ones (failed, returned) no longer count.
 */
export const moneyLimitsProjection = defineProjection({
  name: 'money-limits',
  tables: ['rm_money_movements'],
  handlers: {
    async MoneyMovementRecorded(d, _event, db) {
      const date = bankDateOf(new Date(d.at));
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
