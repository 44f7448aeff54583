export type NotificationType =
  | 'security'
  | 'card'
  | 'transaction'
  | 'transfer'
  | 'zelle'
  | 'bill_payment'
  | 'system'
  | 'crypto'
  | 'support'
  | 'alert';

export type BankNotification = {
  id: string | number;
  type: NotificationType | (string & {});
  title: string;
  message: string;
  time_ago: string;
  is_read: boolean;
  priority: 'high' | 'medium' | 'low' | (string & {});
  created_at: string;
};

export type NotificationSummary = { unread_count: number; total_count: number };

export type ReadFilter = 'all' | 'unread' | 'read';

/** The panel's type filter: All Types, Transactions, Security, Cards, Crypto, Support. */
export const TYPE_FILTERS: { value: '' | NotificationType; label: string }[] = [
  { value: '', label: 'All Types' },
  { value: 'transaction', label: 'Transactions' },
  { value: 'security', label: 'Security' },
  { value: 'card', label: 'Cards' },
  { value: 'crypto', label: 'Crypto' },
  { value: 'support', label: 'Support' },
];
