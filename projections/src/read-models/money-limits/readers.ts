import { bankDate } from '@bank/events';
import type { Db } from '../../projection.ts';

/** What a customer has used today of each limit category (cancelled movements do not count). */
export async function usedToday(db: Db, customerId: string, now = new Date()) {
  const today = bankDate(now);
  const { rows } = await db.query<{ category: string; day: string; month: string }>(
    `SELECT category,
       coalesce(sum(amount_cents) FILTER (WHERE bank_date = $2::date), 0)::bigint AS day,
       coalesce(sum(amount_cents), 0)::bigint AS month
     FROM rm_money_movements
     WHERE customer_id = $1 AND bank_month = $3 AND NOT cancelled
     GROUP BY category`,
    [customerId, today, today.slice(0, 7)],
  );
  const used = new Map(
    rows.map((r) => [r.category, { day: Number(r.day), month: Number(r.month) }]),
  );
  return (category: string) => used.get(category) ?? { day: 0, month: 0 };
}
