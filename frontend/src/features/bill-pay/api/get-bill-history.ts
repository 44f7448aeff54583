import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HistoryItem = {
  id: string;
  source_type: string;
  type_label?: string;
  description: string;
  category?: string | null;
  amount: number;
  date: string;
  status: string;
  account_name?: string | null;
  reference_number?: string | null;
  /** The history line whose receipt this row opens (none for a payment not yet made). */
  receipt_id?: string | null;
  icon?: string | null;
};

export const HISTORY_LIMIT = 50;

/** The whole combined history (type all, 50 items); the screen filters it locally. */
export async function getBillHistory(signal?: AbortSignal): Promise<HistoryItem[]> {
  const { data } = await api.get<{ transactions: HistoryItem[] }>('/bill-payments/history', {
    signal,
    query: { type: 'all', limit: HISTORY_LIMIT },
  });
  return data?.transactions ?? [];
}

export const billHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'history'] as const,
    queryFn: ({ signal }) => getBillHistory(signal),
  });

export function useBillHistory() {
  return useQuery(billHistoryQueryOptions());
}
