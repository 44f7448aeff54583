import { BANK_TIME_ZONE, PURCHASE_REFUND_KINDS } from '@bank/events';
import type { Db } from '../../projection.ts';

/** Money in or out of one category in one bank month (cents as text: a bigint sum). */
export interface MonthFlowRow extends Record<string, unknown> {
  month: string;
  direction: 'credit' | 'debit';
  category: string;
  /** Credits that give a purchase back (PURCHASE_REFUND_KINDS): spending returned, not income. */
  refund: boolean;
  cents: string;
  /** Of `cents`, what moved from the month's first day to `throughDay`. */
  cents_through_day: string;
}

/** The crypto portfolio's value at the end of one bank day. */
export interface CryptoValueRow extends Record<string, unknown> {
  day: string;
  value_cents: string;
}

/**
 * The customer's completed lines from `from` to before `until` (bank days), summed by bank month,
 * direction and category (the customer's own choice first), refunds of purchases apart, and the
 * part of each month up to its day `throughDay` (1 to 31). Money moved between the customer's own
 * accounts is left out.
 */
export async function moneyByMonth(
  db: Db,
  customerId: string,
  from: string,
  until: string,
  throughDay = 31,
): Promise<MonthFlowRow[]> {
  const { rows } = await db.query<MonthFlowRow>(
    `SELECT to_char(t.created_at AT TIME ZONE $4, 'YYYY-MM') AS month, t.direction,
            coalesce(t.category_override, t.default_category) AS category,
            (t.direction = 'credit' AND t.kind = ANY($6::text[])) AS refund,
            sum(t.amount_cents)::bigint AS cents,
            coalesce(sum(t.amount_cents) FILTER (
              WHERE extract(day FROM t.created_at AT TIME ZONE $4) <= $5), 0)::bigint
              AS cents_through_day
     FROM rm_transactions t
     WHERE t.customer_id = $1 AND t.status = 'completed'
       AND t.created_at >= ($2::date)::timestamp AT TIME ZONE $4
       AND t.created_at < ($3::date)::timestamp AT TIME ZONE $4
       AND NOT EXISTS (SELECT 1 FROM rm_transaction_accounts o
                        WHERE o.customer_id = t.customer_id
                          AND t.contra = 'account:' || o.account_id::text)
     GROUP BY 1, 2, 3, 4`,
    [customerId, from, until, BANK_TIME_ZONE, throughDay, [...PURCHASE_REFUND_KINDS]],
  );
  return rows;
}

/**
 * The value of the customer's coins at the end of each bank day from `from` to `to`: the units
 * held then, at that day's last price (or the latest before it).
 */
export async function cryptoValueByDay(
  db: Db,
  customerId: string,
  from: string,
  to: string,
): Promise<CryptoValueRow[]> {
  const { rows } = await db.query<CryptoValueRow>(
    `WITH moves AS (
       SELECT symbol, (executed_at AT TIME ZONE $4)::date AS day,
              sum(CASE WHEN type IN ('buy', 'deposit') THEN units ELSE -units END) AS units
       FROM rm_crypto_transactions
       WHERE customer_id = $1 AND status = 'completed' AND executed_at IS NOT NULL
       GROUP BY 1, 2),
     symbols AS (SELECT DISTINCT symbol FROM moves),
     days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
            coalesce(sum(floor(h.units * p.price_cents / 100000000)), 0)::bigint AS value_cents
     FROM days CROSS JOIN symbols s
     CROSS JOIN LATERAL (SELECT coalesce(sum(m.units), 0)::numeric AS units FROM moves m
                          WHERE m.symbol = s.symbol AND m.day <= days.day) h
     LEFT JOIN LATERAL (SELECT pd.price_cents FROM rm_crypto_price_days pd
                         WHERE pd.symbol = s.symbol AND pd.day <= days.day
                         ORDER BY pd.day DESC LIMIT 1) p ON true
     GROUP BY days.day ORDER BY days.day`,
    [customerId, from, to, BANK_TIME_ZONE],
  );
  return rows;
}
