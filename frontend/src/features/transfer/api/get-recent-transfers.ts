import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RecentTransfer = {
  id: string;
  type: string;
  description: string;
  date: string;
  amount: number;
  status?: string;
};

type RawTransfer = Partial<RecentTransfer> & {
  id: string;
  created_at?: string;
  initiated_at?: string;
  transfer_type?: string;
};

function normalize(raw: RawTransfer): RecentTransfer {
  return {
    id: String(raw.id),
    type: raw.type ?? raw.transfer_type ?? 'other',
    description: raw.description ?? 'Transfer',
    date: raw.date ?? raw.created_at ?? raw.initiated_at ?? '',
    amount: Number(raw.amount ?? 0),
    status: raw.status,
  };
}

export async function getRecentTransfers(limit = 5, signal?: AbortSignal) {
  const { data } = await api.get<
    { transfers?: RawTransfer[]; recent_transfers?: RawTransfer[] } | RawTransfer[]
  >('/transfers/recent', { signal, query: { limit } });
  const list = Array.isArray(data) ? data : (data?.transfers ?? data?.recent_transfers ?? []);
  return list.map(normalize);
}

export const recentTransfersQueryOptions = (limit = 5) =>
  queryOptions({
    queryKey: ['transfers', 'recent', limit] as const,
    queryFn: ({ signal }) => getRecentTransfers(limit, signal),
  });

export function useRecentTransfers(limit = 5) {
  return useQuery(recentTransfersQueryOptions(limit));
}
