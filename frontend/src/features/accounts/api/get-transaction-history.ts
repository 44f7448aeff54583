import { transactionHistoryData } from '@bank/contracts';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Period } from '@/lib/accounts';
import type { Transaction } from '@/lib/transactions';

export { PERIODS, type Period } from '@/lib/accounts';

export type HistoryFilters = { days: Period; accountId?: string | number | null; limit?: number };

export async function getTransactionHistory(
  filters: HistoryFilters,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const { data } = await api.get<unknown>('/dashboard/comprehensive-history', {
    signal,
    query: {
      days: filters.days,
      account_id: filters.accountId ?? undefined,
      limit: filters.limit ?? 500,
    },
  });
  return transactionHistoryData.parse(data).transactions;
}

export const transactionHistoryQueryOptions = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: ['transaction-history', filters] as const,
    queryFn: ({ signal }) => getTransactionHistory(filters, signal),
    meta: { errorToast: true },
  });

export function useTransactionHistory(filters: HistoryFilters) {
  return useQuery({
    ...transactionHistoryQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** The accounts page's filters beyond the period: a date range, direction and amount bounds. */
export type ListFilters = {
  days: Period;
  accountId?: string | number | null;
  /** YYYY-MM-DD, both days included; when either is set the period is not used. */
  from?: string;
  to?: string;
  type?: 'credit' | 'debit';
  minAmount?: string;
  maxAmount?: string;
};

const PAGE_SIZE = 100;

function listQuery(filters: ListFilters, limit: number, cursor?: string | null) {
  const ranged = Boolean(filters.from || filters.to);
  return {
    days: ranged ? undefined : filters.days,
    account_id: filters.accountId ?? undefined,
    from: filters.from,
    to: filters.to,
    type: filters.type,
    min_amount: filters.minAmount,
    max_amount: filters.maxAmount,
    limit,
    cursor: cursor ?? undefined,
  };
}

async function getHistoryPage(
  filters: ListFilters,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const { data } = await api.get<unknown>('/dashboard/comprehensive-history', {
    signal,
    query: listQuery(filters, limit, cursor),
  });
  return transactionHistoryData.parse(data);
}

/** The filtered history a page at a time (keyset cursor), for "Load more". */
export function useTransactionPages(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: ['transaction-pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getHistoryPage(filters, PAGE_SIZE, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    meta: { errorToast: true },
  });
}

/** Every line the filters match (for the CSV export), at most `cap`. */
export async function getAllTransactions(filters: ListFilters, cap = 10_000) {
  const all: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const page = await getHistoryPage(filters, 500, cursor);
    all.push(...page.transactions);
    cursor = page.next_cursor;
  } while (cursor && all.length < cap);
  return all;
}
