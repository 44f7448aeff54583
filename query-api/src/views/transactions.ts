import { categoryLabel, centsToDollars, isTransactionCategory } from '@bank/events';
import type { TransactionRow } from '@bank/projections';

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
