import { categoryLabel, centsToDollars, isTransactionCategory } from '@bank/events';
import type { HistoryCursor, TransactionRow } from '@bank/projections';

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

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * An instant as the cursor writes it (microseconds, UTC) that names a real day and time, from
 * year 1 (PostgreSQL has no year 0).
 */
function isCursorInstant(at: string): boolean {
  if (!CURSOR_AT.test(at) || at.startsWith('0000')) return false;
  const ms = Date.parse(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23);
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.position}`).toString('base64url');
}

/** The cursor a page handed out; undefined when the text is not one. */
export function decodeCursor(text: string): HistoryCursor | undefined {
  const [at, position, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !isCursorInstant(at) || !/^\d{1,15}$/.test(position ?? '')) {
    return undefined;
  }
  return { at, position: Number(position) };
}
