import { BANK_TIME_ZONE, categoryLabel, centsToDollars, isTransactionCategory } from '@bank/events';
import type { Db } from '@bank/projections';

export interface TransactionRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  account_name: string;
  direction: 'credit' | 'debit';
  amount_cents: number;
  description: string;
  kind: string;
  status: string;
  reference_number: string;
  metadata: Record<string, unknown>;
  created_at: Date;
  default_category: string;
  category_override: string | null;
}

/** The category shown: the customer's choice when they made one, else the one its source gives. */
function categoryOf(row: TransactionRow) {
  const chosen = row.category_override ?? row.default_category;
  const category = isTransactionCategory(chosen) ? chosen : 'other';
  return {
    category,
    category_label: categoryLabel(category),
    category_is_custom: row.category_override !== null,
  };
}

export function transactionView(row: TransactionRow) {
  const signed = row.direction === 'credit' ? row.amount_cents : -row.amount_cents;
  return {
    id: row.id,
    type: row.direction,
    description: row.description,
    amount: centsToDollars(signed),
    date: row.created_at.toISOString(),
    status: row.status,
    kind: row.kind,
    account: { id: row.account_id, name: row.account_name },
    account_id: row.account_id,
    account_name: row.account_name,
    reference_number: row.reference_number,
    metadata: row.metadata,
    ...categoryOf(row),
  };
}

export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

export interface TransactionFilter {
  customerId: string;
  accountId?: string | undefined;
  days?: number | undefined;
  direction?: 'credit' | 'debit' | undefined;
  search?: string | undefined;
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

/** Where a page of the history ended: the last line's time (to the microsecond) and position. */
export interface HistoryCursor {
  at: string;
  position: number;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.position}`).toString('base64url');
}

/** The cursor a page handed out; undefined when the text is not one. */
export function decodeCursor(text: string): HistoryCursor | undefined {
  const [at, position, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !CURSOR_AT.test(at) || !/^\d{1,15}$/.test(position ?? '')) {
    return undefined;
  }
  return { at, position: Number(position) };
}

/** A customer's transactions, newest first, optionally filtered. */
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
  if (f.search) {
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
