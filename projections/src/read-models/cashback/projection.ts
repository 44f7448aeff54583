import { defineProjection } from '../../projection.ts';

/** Kinds of spending that earn 1% cashback. */
export const CASHBACK_KINDS = new Set(['card_purchase', 'bill_payment']);

/** The dashboard's cashback figures: 1% (rounded down to the cent) of qualifying spending. */
export const cashbackProjection = defineProjection({
  name: 'cashback',
  tables: ['rm_cashback', 'rm_cashback_accounts'],
  handlers: {
    async AccountOpened(d, _event, db) {
      await db.query('INSERT INTO rm_cashback_accounts (account_id, customer_id) VALUES ($1, $2)', [
        d.accountId,
        d.customerId,
      ]);
    },
    async AccountDebited(d, event, db) {
      if (!CASHBACK_KINDS.has(d.kind)) return;
      const earned = Math.floor(d.amount / 100);
      if (earned === 0) return;
      const month = (d.occurredAt ?? event.recordedAt.toISOString()).slice(0, 7);
      await db.query(
        `INSERT INTO rm_cashback (customer_id, earned_cents, month, month_earned_cents)
         SELECT customer_id, $2, $3, $2 FROM rm_cashback_accounts WHERE account_id = $1
         ON CONFLICT (customer_id) DO UPDATE SET
           earned_cents = rm_cashback.earned_cents + $2,
           month_earned_cents = CASE WHEN rm_cashback.month = $3
             THEN rm_cashback.month_earned_cents + $2 ELSE $2 END,
           month = $3`,
        [d.accountId, earned, month],
      );
    },
  },
});
