import type { TransactionLineView } from '@bank/contracts';

// Transactions as shown on the dashboard and accounts page.

/** A line of the history as the server answers it (amount signed: negative for money out). */
export type Transaction = TransactionLineView;

/** A category as the server names it: the key of its category table and the label to show. */
export type TransactionCategoryInfo = { key: string; label: string; isCustom: boolean };

/**
 * The transaction's category. The server decides it (merchant category code for card purchases,
 * the source for everything else, the customer's own choice first) and sends its label; the web
 * app keeps no category table of its own.
 */
export function transactionCategory(tx: Transaction): TransactionCategoryInfo {
  return {
    key: tx.category,
    label: tx.category_label,
    isCustom: tx.category_is_custom,
  };
}

export type StatusTone = 'success' | 'warning' | 'info' | 'neutral';

/** Completed green, pending yellow, processing blue, others gray. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch ((status ?? '').toLowerCase()) {
    case 'completed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'processing':
      return 'info';
    default:
      return 'neutral';
  }
}

export { statusLabel } from '@bank/contracts/status-labels';
