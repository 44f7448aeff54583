import type { Db } from '../../projection.ts';

/** A customer's cashback: earned and redeemed in all, and earned in the month asked for. */
export interface CashbackRow extends Record<string, unknown> {
  customer_id: string;
  earned_cents: number;
  redeemed_cents: number;
  /** Earned in the bank month asked for (YYYY-MM). */
  month_earned_cents: number;
}

/** The customer's cashback, with what they earned in `month`; undefined before they earn any. */
export async function readCashback(
  db: Db,
  customerId: string,
  month: string,
): Promise<CashbackRow | undefined> {
  const { rows } = await db.query<CashbackRow>(
    `SELECT c.customer_id, c.earned_cents, c.redeemed_cents,
            coalesce(m.earned_cents, 0)::bigint AS month_earned_cents
     FROM rm_cashback c
     LEFT JOIN rm_cashback_months m ON m.customer_id = c.customer_id AND m.month = $2
     WHERE c.customer_id = $1`,
    [customerId, month],
  );
  return rows[0];
}
