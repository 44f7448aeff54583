import type { HistoryItem } from '../api/get-bill-history';

// The History tab's type filter. The source product's dropdown changed nothing; this one filters.

export const HISTORY_FILTERS = {
  all: 'All Transactions',
  bill_payments: 'Bill Payments Only',
  transfers: 'Transfers Only',
  transactions: 'Bank Transactions',
} as const;

export type HistoryFilter = keyof typeof HISTORY_FILTERS;

/** The source each filter keeps. */
const FILTER_SOURCE: Record<Exclude<HistoryFilter, 'all'>, HistoryItem['source_type']> = {
  bill_payments: 'bill_payment',
  transfers: 'transfer',
  transactions: 'transaction',
};

export function filterHistory<T extends Pick<HistoryItem, 'source_type'>>(
  items: T[],
  filter: HistoryFilter,
): T[] {
  if (filter === 'all') return items;
  return items.filter((i) => i.source_type === FILTER_SOURCE[filter]);
}

export function historyStatusTone(status: string): 'success' | 'warning' | 'info' | 'danger' {
  if (status === 'completed') return 'success';
  if (status === 'pending' || status === 'processing') return 'warning';
  // Cancelled (by the customer, or with its payee): nothing failed, nothing moved.
  if (status === 'scheduled' || status === 'cancelled') return 'info';
  return 'danger';
}

export function historyStatusLabel(status: string) {
  if (['completed', 'pending', 'processing', 'scheduled', 'cancelled'].includes(status))
    return status[0]!.toUpperCase() + status.slice(1);
  return 'Failed';
}

// The server's category keys, as a customer reads them.
const CATEGORY_LABEL: Record<string, string> = {
  card_purchase: 'Card purchase',
  bill_payment: 'Bill payment',
  'between-accounts': 'Between my accounts',
  'same-bank': 'To another customer',
  'external-bank': 'To another bank',
  sepa: 'SEPA transfer',
  'domestic-wire': 'Domestic wire',
  'international-wire': 'International wire',
  deposit: 'Deposit',
  interest: 'Interest',
  zelle: 'Zelle',
  wire: 'Wire transfer',
  crypto: 'Crypto',
};

/** A category key in words: a known key's label, else the key with its separators as spaces. */
export function historyCategoryLabel(category: string | null | undefined): string {
  if (!category) return '';
  const known = CATEGORY_LABEL[category];
  if (known) return known;
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** A history card's type and category, the category left out where it only repeats the type. */
export function historyTypeAndCategory(item: Pick<HistoryItem, 'type_label' | 'category'>): string {
  const category = historyCategoryLabel(item.category);
  return !category || category.toLowerCase() === item.type_label.toLowerCase()
    ? item.type_label
    : `${item.type_label} · ${category}`;
}
