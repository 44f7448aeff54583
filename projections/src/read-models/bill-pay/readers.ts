import { transferTypes, type BillPayCategory, type RecurringFrequency } from '@bank/events';
import type { Db } from '../../projection.ts';
import type { HistoryCursor } from '../transactions/readers.ts';

/** A payee, with the next payment scheduled to it (date as YYYY-MM-DD), if any. */
export interface PayeeRow extends Record<string, unknown> {
  payee_id: string;
  customer_id: string;
  name: string;
  display_name: string | null;
  category: BillPayCategory;
  account_last4: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  default_amount_cents: number | null;
  autopay_enabled: boolean;
  autopay_day: number | null;
  autopay_amount_cents: number | null;
  autopay_account_id: string | null;
  removed: boolean;
  created_at: Date;
  next_date: string | null;
  next_amount_cents: number | null;
}

/** One occurrence of a scheduled payment or an AutoPay, with its account's name. */
export interface BillPaymentRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  source: 'scheduled' | 'autopay';
  schedule_id: string;
  payee_id: string;
  payee_name: string;
  category: BillPayCategory;
  from_account_id: string;
  account_name: string;
  amount_cents: number;
  scheduled_date: string;
  memo: string | null;
  is_recurring: boolean;
  recurring_frequency: RecurringFrequency | null;
  recurring_end_date: string | null;
  status: string;
  failure_reason: string | null;
  reference_number: string | null;
}

/** A line of the Bill Pay history: a posting, or a bill that has not moved money. */
export interface BillPayHistoryRow extends Record<string, unknown> {
  id: string;
  source_type: BillPayHistorySource;
  description: string;
  category: string;
  signed_cents: number;
  date: Date;
  status: string;
  account_name: string;
  reference_number: string | null;
  receipt_id: string | null;
  position: number;
  /** The line's date as a cursor writes it (UTC, to the microsecond). */
  cursor_at: string;
}

export type BillPayHistorySource = 'transaction' | 'transfer' | 'bill_payment';

/** Posting kinds that are transfers (between accounts, to people and banks). */
const TRANSFER_KINDS: string[] = ['transfer', ...transferTypes, 'zelle', 'wire'];

/** The customer's payees, in the order they were added; removed ones are left out. */
export async function listPayees(db: Db, customerId: string): Promise<PayeeRow[]> {
  const { rows } = await db.query<PayeeRow>(
    `SELECT p.*, n.next_date, n.next_amount_cents
     FROM rm_bill_payees p
     LEFT JOIN LATERAL (
       SELECT to_char(b.scheduled_date, 'YYYY-MM-DD') AS next_date, b.amount_cents AS next_amount_cents
       FROM rm_bill_payments b
       WHERE b.payee_id = p.payee_id AND b.status = 'scheduled'
       ORDER BY b.scheduled_date, b.amount_cents LIMIT 1
     ) n ON true
     WHERE p.customer_id = $1 AND NOT p.removed
     ORDER BY p.position`,
    [customerId],
  );
  return rows;
}

/**
 * The payments still to come, soonest first. One the bank stopped (an occurrence refused for good)
 * has nothing to come and is not listed, as a bank's list of scheduled payments shows none that
 * will not be paid: the customer was told why at once, and the history shows it stopped.
 */
export async function listScheduledBillPayments(
  db: Db,
  customerId: string,
): Promise<BillPaymentRow[]> {
  const { rows } = await db.query<BillPaymentRow>(
    `SELECT b.*, to_char(b.scheduled_date, 'YYYY-MM-DD') AS scheduled_date,
       to_char(b.recurring_end_date, 'YYYY-MM-DD') AS recurring_end_date, a.name AS account_name
     FROM rm_bill_payments b JOIN rm_accounts a ON a.account_id = b.from_account_id
     WHERE b.customer_id = $1 AND b.status = 'scheduled'
     ORDER BY b.scheduled_date, b.position`,
    [customerId],
  );
  return rows;
}

/**
 * Postings (transactions, transfers, paid bills) and the bills that have not moved money
 * (scheduled, failed or stopped, cancelled with their payee), newest first; only one kind of line when
 * `source` says which, and only those after `after` in that order when it is given.
 *
 * The order is (date, position), both descending. A posting's position is its own event's, and a
 * bill's the event that last wrote it; one event writes at most one line of a date, so no two
 * lines tie on both and the cursor's row comparison, the order's own, neither skips nor repeats
 * a line from one page to the next.
 */
export async function billPayHistory(
  db: Db,
  customerId: string,
  source: BillPayHistorySource | null,
  limit: number,
  after?: HistoryCursor,
): Promise<BillPayHistoryRow[]> {
  const { rows } = await db.query<BillPayHistoryRow>(
    `SELECT h.*,
       to_char(h.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
     FROM (
       SELECT t.id,
         CASE WHEN t.kind = 'bill_payment' THEN 'bill_payment'
              WHEN t.kind = ANY($2::text[]) THEN 'transfer'
              ELSE 'transaction' END AS source_type,
         t.description, coalesce(t.metadata->>'category', t.kind) AS category,
         CASE WHEN t.direction = 'credit' THEN t.amount_cents ELSE -t.amount_cents END AS signed_cents,
         t.created_at AS date, t.status, a.name AS account_name, t.reference_number,
         t.position, t.id AS receipt_id
       FROM rm_transactions t JOIN rm_accounts a ON a.account_id = t.account_id
       WHERE t.customer_id = $1
       UNION ALL
       SELECT b.id, 'bill_payment', 'Bill payment to ' || b.payee_name, b.category,
         -b.amount_cents, (b.scheduled_date::timestamp AT TIME ZONE 'America/New_York'),
         b.status, a.name, b.reference_number, b.position, NULL
       FROM rm_bill_payments b JOIN rm_accounts a ON a.account_id = b.from_account_id
       WHERE b.customer_id = $1 AND b.status IN ('scheduled', 'failed', 'stopped', 'cancelled')
     ) h
     WHERE ($3::text IS NULL OR h.source_type = $3)
       AND ($5::timestamptz IS NULL OR (h.date, h.position) < ($5::timestamptz, $6::bigint))
     ORDER BY h.date DESC, h.position DESC
     LIMIT $4`,
    [customerId, TRANSFER_KINDS, source, limit, after?.at ?? null, after?.position ?? null],
  );
  return rows;
}
