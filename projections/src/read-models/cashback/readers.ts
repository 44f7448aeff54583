import type { Db } from '../../projection.ts';

/** A customer's cashback: earned and redeemed in all, and earned in the month last earned in. */
export interface CashbackRow extends Record<string, unknown> {
  customer_id: string;
  earned_cents: number;
  redeemed_cents: number;
  /** YYYY-MM */
  month: string;
  month_earned_cents: number;
}

/** The customer's cashback; undefined before they earn any. */
export async function readCashback(db: Db, customerId: string): Promise<CashbackRow | undefined> {
  const { rows } = await db.query<CashbackRow>('SELECT * FROM rm_cashback WHERE customer_id = $1', [
    customerId,
  ]);
  return rows[0];
}
