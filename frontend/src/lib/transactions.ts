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
};

export type TransactionCategory =
  'Zelle' | 'Income' | 'Shopping' | 'Dining' | 'Utilities' | 'Transfer' | 'Payment' | 'Other';

// Checked in order: the first category with a matching keyword wins.
const CATEGORY_KEYWORDS: [TransactionCategory, RegExp][] = [
  ['Zelle', /\bzelle\b/i],
  [
    'Income',
    /\b(salary|payroll|direct deposit|deposit|paycheck|interest|dividend|refund|cashback|income|bonus)\b/i,
  ],
  [
    'Shopping',
    /\b(amazon|walmart|target|costco|store|shop|shopping|purchase|market|mall|retail)\b/i,
  ],
  [
    'Dining',
    /\b(restaurant|cafe|café|coffee|starbucks|dining|diner|pizza|grill|bistro|bakery|doordash|ubereats|food)\b/i,
  ],
  [
    'Utilities',
    /\b(electric|electricity|water|gas|utility|utilities|internet|phone|power|energy|cable|wireless)\b/i,
  ],
  ['Transfer', /\b(transfer|wire|sepa|ach)\b/i],
  ['Payment', /\b(payment|bill|pay|autopay|loan|mortgage|card)\b/i],
];

export function deriveCategory(description: string | null | undefined): TransactionCategory {
  const text = description ?? '';
  for (const [category, pattern] of CATEGORY_KEYWORDS) {
    if (pattern.test(text)) return category;
  }
  return 'Other';
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
