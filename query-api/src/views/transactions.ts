import { categoryLabel, centsToDollars, isTransactionCategory } from '@bank/events';
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
  limit: number;
  offset?: number;
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
  params.push(f.limit, f.offset ?? 0);
  const { rows } = await db.query<TransactionRow>(
    `SELECT t.*, a.name AS account_name FROM rm_transactions t
     JOIN rm_accounts a ON a.account_id = t.account_id
     WHERE ${where.join(' AND ')}
     ORDER BY t.created_at DESC, t.position DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}
