// Transactions as shown on the dashboard and accounts page.

export type TransactionStatus = 'completed' | 'pending' | 'processing' | (string & {});

export type Transaction = {
  id: string | number;
  type: 'credit' | 'debit';
  description: string;
  /** Signed: negative for money out. */
  amount: number;
  date: string;
  status: TransactionStatus;
  account?: { id: string | number; name: string } | null;
  account_id?: string | number;
  reference_number?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Category key, its label and whether the customer chose it (from the server). */
  category?: string;
  category_label?: string;
  category_is_custom?: boolean;
};

/** A category as the server names it: the key of its category table and the label to show. */
export type TransactionCategoryInfo = { key: string; label: string; isCustom: boolean };

/**
 * The transaction's category. The server decides it (merchant category code for card purchases,
 * the source for everything else, the customer's own choice first) and sends its label; the web
 * app keeps no category table of its own.
 */
export function transactionCategory(tx: Transaction): TransactionCategoryInfo {
  return {
    key: tx.category ?? 'other',
    label: tx.category_label ?? 'Other',
    isCustom: tx.category_is_custom === true,
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

export function statusLabel(status: string | null | undefined): string {
  const s = (status ?? '').replace(/_/g, ' ');
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Unknown';
}
