import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Period } from '@/lib/accounts';
import type { Transaction } from '@/lib/transactions';

export { PERIODS, type Period } from '@/lib/accounts';

export type HistoryFilters = { days: Period; accountId?: string | number | null; limit?: number };

export async function getTransactionHistory(
  filters: HistoryFilters,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const { data } = await api.get<{ transactions: Transaction[] }>(
    '/dashboard/comprehensive-history',
    {
      signal,
      query: {
        days: filters.days,
        account_id: filters.accountId ?? undefined,
        limit: filters.limit ?? 500,
      },
    },
  );
  return data?.transactions ?? [];
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
