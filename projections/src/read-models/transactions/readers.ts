import { BANK_TIME_ZONE } from '@bank/events';
import type { Db } from '../../projection.ts';

/** A line of a customer's history, with its account's name. */
export interface TransactionRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  account_name: string;
  customer_id: string;
  entry_id: string;
  /** Set on a line that began as a hold (pending until it settles or is released). */
  hold_id: string | null;
  direction: 'credit' | 'debit';
  amount_cents: number;
  description: string;
  kind: string;
  contra: string | null;
  status: string;
  reference_number: string;
  metadata: Record<string, unknown>;
  created_at: Date;
  position: number;
  default_category: string;
  category_override: string | null;
}

/** A receipt's line: the history line and its account's number. */
export interface ReceiptLineRow extends TransactionRow {
  account_number: string;
}

/** Text for ILIKE that matches itself only: its wildcards and escapes escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** Where a page of the history ended: the last line's time (to the microsecond) and position. */
export interface HistoryCursor {
  at: string;
  position: number;
}

export interface TransactionFilter {
  customerId: string;
  accountId?: string | undefined;
  days?: number | undefined;
  direction?: 'credit' | 'debit' | undefined;
  search?: string | undefined;
  /**
   * With `search`: lines of this size in cents (whatever their direction), both included, match
   * too; the search box's amount ("62.75", "62" for a whole dollar).
   */
  searchCents?: { min: number; max: number } | undefined;
  kinds?: string[] | undefined;
  /** Days in the bank's time zone, both included (YYYY-MM-DD). */
  fromDay?: string | undefined;
  toDay?: string | undefined;
  /** Size of the movement in cents, whatever its direction, both included. */
  minCents?: number | undefined;
  maxCents?: number | undefined;
  /** Only lines after this one in the list's order (newest first). */
  after?: HistoryCursor | undefined;
  limit: number;
  offset?: number;
}

/** A customer's transactions, newest first, optionally filtered; each with its cursor. */
export async function findTransactions(db: Db, f: TransactionFilter) {
  const where = ['t.customer_id = $1'];
  const params: unknown[] = [f.customerId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.accountId) add('t.account_id = ?', f.accountId);
  if (f.days) add('t.created_at >= now() - make_interval(days => ?)', f.days);
  if (f.direction) add('t.direction = ?', f.direction);
  if (f.search && f.searchCents) {
    params.push(`%${escapeLike(f.search)}%`, f.searchCents.min, f.searchCents.max);
    const [text, min, max] = [params.length - 2, params.length - 1, params.length];
    where.push(
      `((t.description || ' ' || t.reference_number) ILIKE $${text}
        OR t.amount_cents BETWEEN $${min}::bigint AND $${max}::bigint)`,
    );
  } else if (f.search) {
    add("(t.description || ' ' || t.reference_number) ILIKE ?", `%${escapeLike(f.search)}%`);
  }
  if (f.kinds) add('t.kind = ANY(?::text[])', f.kinds);
  if (f.fromDay)
    add(`t.created_at >= (?::date)::timestamp AT TIME ZONE '${BANK_TIME_ZONE}'`, f.fromDay);
  if (f.toDay) {
    add(`t.created_at < (?::date + 1)::timestamp AT TIME ZONE '${BANK_TIME_ZONE}'`, f.toDay);
  }
  if (f.minCents !== undefined) add('t.amount_cents >= ?', f.minCents);
  if (f.maxCents !== undefined) add('t.amount_cents <= ?', f.maxCents);
  if (f.after) {
    params.push(f.after.at, f.after.position);
    where.push(
      `(t.created_at, t.position) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`,
    );
  }
  params.push(f.limit, f.offset ?? 0);
  const { rows } = await db.query<TransactionRow & { cursor_at: string }>(
    `SELECT t.*, a.name AS account_name,
            to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
     FROM rm_transactions t
     JOIN rm_accounts a ON a.account_id = t.account_id
     WHERE ${where.join(' AND ')}
     ORDER BY t.created_at DESC, t.position DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/**
 * A receipt's line: by its id, or by a reference number (what a transfer's confirmation has),
 * then the customer's own line of that movement, the money sent before its fee. Another
 * customer's line reads as not there.
 */
export async function findReceiptLine(
  db: Db,
  customerId: string,
  idOrReference: string,
): Promise<ReceiptLineRow | undefined> {
  const { rows } = await db.query<ReceiptLineRow>(
    `SELECT t.*, a.name AS account_name, a.account_number FROM rm_transactions t
     JOIN rm_accounts a ON a.account_id = t.account_id
     WHERE (t.id = $1 OR t.reference_number = $1) AND t.customer_id = $2
     ORDER BY (t.id = $1) DESC, (t.kind = 'fee'), (t.direction = 'credit'), t.position
     LIMIT 1`,
    [idOrReference, customerId],
  );
  return rows[0];
}

/** People this customer has paid or been paid by, named in posting metadata, matching `term`. */
export async function searchContacts(
  db: Db,
  customerId: string,
  term: string,
  limit: number,
): Promise<{ name: string; contact: string | null }[]> {
  const { rows } = await db.query<{ name: string; contact: string | null }>(
    `SELECT DISTINCT ON (lower(metadata->>'counterparty_name')) metadata->>'counterparty_name' AS name,
            metadata->>'counterparty_contact' AS contact
     FROM rm_transactions
     WHERE customer_id = $1 AND metadata ? 'counterparty_name'
       AND (metadata->>'counterparty_name' ILIKE $2 OR coalesce(metadata->>'counterparty_contact', '') ILIKE $2)
     LIMIT $3`,
    [customerId, `%${escapeLike(term)}%`, limit],
  );
  return rows;
}

/** The category a line's source gives it, for one of the customer's own lines. */
export async function findDefaultCategory(
  db: Db,
  customerId: string,
  transactionId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ default_category: string }>(
    'SELECT default_category FROM rm_transactions WHERE id = $1 AND customer_id = $2',
    [transactionId, customerId],
  );
  return rows[0]?.default_category;
}

/**
 * SQL for the id of the customer's own history line that carries a reference (the amount before
 * its fee, the debit before the credit), or NULL: how lists that are not the history itself (Zelle
 * activity, crypto history) and confirmation screens find a movement's receipt.
 */
export function receiptIdOf(customerColumn: string, referenceColumn: string): string {
  return `(SELECT r.id FROM rm_transactions r
           WHERE r.customer_id = ${customerColumn} AND r.reference_number = ${referenceColumn}
           ORDER BY (r.kind = 'fee'), (r.direction = 'credit'), r.created_at LIMIT 1)`;
}
