import { zelleActivityList, type ZelleActivityView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ZelleActivity = ZelleActivityView;

export const ACTIVITY_LIMIT = 20;

export async function getZelleTransactions(
  filters: { type?: string; status?: string } = {},
  signal?: AbortSignal,
): Promise<ZelleActivity[]> {
  const { data } = await api.get<unknown>('/zelle/transactions', {
    signal,
    query: { limit: ACTIVITY_LIMIT, ...filters },
  });
  return zelleActivityList.shape.data.parse(data).transactions;
}

export const zelleTransactionsQueryOptions = (filters: { type?: string; status?: string } = {}) =>
  queryOptions({
    queryKey: ['zelle', 'transactions', filters] as const,
    queryFn: ({ signal }) => getZelleTransactions(filters, signal),
  });

export function useZelleTransactions() {
  return useQuery(zelleTransactionsQueryOptions());
}
