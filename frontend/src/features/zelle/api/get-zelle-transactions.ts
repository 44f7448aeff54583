import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ZelleActivity = {
  id: string;
  type: 'sent' | 'received' | 'request' | (string & {});
  /** For a request: outgoing when this customer asked, incoming when they were asked. */
  direction?: 'outgoing' | 'incoming';
  recipient_name?: string | null;
  sender_name?: string | null;
  amount: number;
  memo?: string | null;
  formatted_date?: string | null;
  created_at?: string | null;
  status: string;
  reference_number?: string | null;
  /** The history line whose receipt this item opens (none for a request: no money moved). */
  receipt_id?: string | null;
};

export const ACTIVITY_LIMIT = 20;

export async function getZelleTransactions(
  filters: { type?: string; status?: string } = {},
  signal?: AbortSignal,
): Promise<ZelleActivity[]> {
  const { data } = await api.get<{ transactions: ZelleActivity[] }>('/zelle/transactions', {
    signal,
    query: { limit: ACTIVITY_LIMIT, ...filters },
  });
  return data?.transactions ?? [];
}

export const zelleTransactionsQueryOptions = (filters: { type?: string; status?: string } = {}) =>
  queryOptions({
    queryKey: ['zelle', 'transactions', filters] as const,
    queryFn: ({ signal }) => getZelleTransactions(filters, signal),
  });

export function useZelleTransactions() {
  return useQuery(zelleTransactionsQueryOptions());
}
