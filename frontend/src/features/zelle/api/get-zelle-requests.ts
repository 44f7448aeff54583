import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A request someone else sent me (GET /zelle/requests), waiting to be paid or declined. */
export type IncomingRequest = {
  id: string;
  requester_name: string;
  amount: number;
  memo?: string | null;
  status: string;
  created_at?: string | null;
  formatted_date?: string | null;
};

type Raw = Partial<IncomingRequest> & {
  id: string;
  sender_name?: string;
  from_name?: string;
  name?: string;
};

export async function getZelleRequests(signal?: AbortSignal): Promise<IncomingRequest[]> {
  const { data } = await api.get<{ requests: Raw[] }>('/zelle/requests', { signal });
  return (data?.requests ?? []).map((r) => ({
    id: String(r.id),
    requester_name: r.requester_name ?? r.sender_name ?? r.from_name ?? r.name ?? 'Someone',
    amount: Number(r.amount ?? 0),
    memo: r.memo ?? null,
    status: r.status ?? 'pending',
    created_at: r.created_at ?? null,
    formatted_date: r.formatted_date ?? null,
  }));
}

export const zelleRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'requests'] as const,
    queryFn: ({ signal }) => getZelleRequests(signal),
  });

export function useZelleRequests() {
  return useQuery(zelleRequestsQueryOptions());
}
