import { bankMonth, PURCHASE_REFUND_KINDS } from '@bank/events';
import { defineProjection, type Db } from '../../projection.ts';

/** Kinds of spending that earn 1% cashback. */
export const CASHBACK_KINDS = new Set(['card_purchase', 'bill_payment']);

/** 1% of a qualifying amount, rounded down to the cent. */
const cashbackOf = (amountCents: number) => Math.floor(amountCents / 100);

/**
 * The dashboard's cashback figures: 1% (rounded down to the cent) of qualifying spending, in all
 * and per bank month (New York's, as statements count months) of the posting's value date. Each
 * month keeps its own sum, so a posting dated back to an earlier month, however late it comes,
 * adds to that month and leaves the others as they are. A refund of a purchase (a won dispute)
 * takes back exactly what the purchase earned, in the month of the refund's own value date, as a
 * card statement shows a reversed reward.
 */
export const cashbackProjection = defineProjection({
  name: 'cashback',
  tables: ['rm_cashback', 'rm_cashback_months', 'rm_cashback_accounts'],
  handlers: {
    async AccountOpened(d, _event, db) {
      await db.query('INSERT INTO rm_cashback_accounts (account_id, customer_id) VALUES ($1, $2)', [
        d.accountId,
        d.customerId,
      ]);
    },
    async AccountDebited(d, event, db) {
      if (!CASHBACK_KINDS.has(d.kind)) return;
      await addCashback(db, d.accountId, cashbackOf(d.amount), valueMonth(d, event));
    },
    async AccountCredited(d, event, db) {
      if (!PURCHASE_REFUND_KINDS.has(d.kind)) return;
      await addCashback(db, d.accountId, -cashbackOf(d.amount), valueMonth(d, event));
    },
  },
});

/** The bank month of a posting's value date. */
function valueMonth(d: { occurredAt?: string | undefined }, event: { recordedAt: Date }): string {
  return bankMonth(d.occurredAt ? new Date(d.occurredAt) : event.recordedAt);
}

/** Adds `cents` (negative: takes them back) to the account holder's total and month. */
async function addCashback(db: Db, accountId: string, cents: number, month: string) {
  if (cents === 0) return;
  await db.query(
    `WITH owner AS (SELECT customer_id FROM rm_cashback_accounts WHERE account_id = $1),
     total AS (
       INSERT INTO rm_cashback (customer_id, earned_cents)
       SELECT customer_id, $2 FROM owner
       ON CONFLICT (customer_id) DO UPDATE SET
         earned_cents = rm_cashback.earned_cents + excluded.earned_cents)
     INSERT INTO rm_cashback_months (customer_id, month, earned_cents)
     SELECT customer_id, $3, $2 FROM owner
     ON CONFLICT (customer_id, month) DO UPDATE SET
       earned_cents = rm_cashback_months.earned_cents + excluded.earned_cents`,
    [accountId, cents, month],
  );
}
