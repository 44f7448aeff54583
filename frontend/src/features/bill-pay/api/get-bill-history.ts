import { billPayHistoryList, type BillPayHistoryItem } from '@bank/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HistoryItem = BillPayHistoryItem;

export const HISTORY_LIMIT = 50;

/**
 * A page of the combined history (type all, 50 items; the screen filters it locally): the first
 * without a cursor, each later one from the cursor the page before handed out.
 */
export async function getBillHistoryPage(cursor: string | null, signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/bill-payments/history', {
    signal,
    query: { type: 'all', limit: HISTORY_LIMIT, cursor: cursor ?? undefined },
  });
  return billPayHistoryList.shape.data.parse(data);
}

export const billHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['bill-pay', 'history'] as const,
    queryFn: ({ pageParam, signal }) => getBillHistoryPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The history a page at a time (keyset cursor), for "Load more". */
export function useBillHistory() {
  return useInfiniteQuery(billHistoryQueryOptions());
}
