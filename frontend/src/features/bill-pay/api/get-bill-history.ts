import { billPayHistoryList, type BillPayHistoryItem } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HistoryItem = BillPayHistoryItem;

export const HISTORY_LIMIT = 50;

/** The whole combined history (type all, 50 items); the screen filters it locally. */
export async function getBillHistory(signal?: AbortSignal): Promise<HistoryItem[]> {
  const { data } = await api.get<unknown>('/bill-payments/history', {
    signal,
    query: { type: 'all', limit: HISTORY_LIMIT },
  });
  return billPayHistoryList.shape.data.parse(data).transactions;
}

export const billHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'history'] as const,
    queryFn: ({ signal }) => getBillHistory(signal),
  });

export function useBillHistory() {
  return useQuery(billHistoryQueryOptions());
}
