import { recentTransfersData, type TransferView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RecentTransfer = TransferView;

/** GET /transfers/recent: the answer is checked against the same schema the server declares. */
export async function getRecentTransfers(limit = 5, signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/transfers/recent', { signal, query: { limit } });
  return recentTransfersData.parse(data).transfers;
}

export const recentTransfersQueryOptions = (limit = 5) =>
  queryOptions({
    queryKey: ['transfers', 'recent', limit] as const,
    queryFn: ({ signal }) => getRecentTransfers(limit, signal),
  });

export function useRecentTransfers(limit = 5) {
  return useQuery(recentTransfersQueryOptions(limit));
}
