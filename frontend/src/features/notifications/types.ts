import type { NotificationType, NotificationView } from '@bank/contracts';

export type { NotificationSummary } from '@bank/contracts';
export type BankNotification = NotificationView;

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
