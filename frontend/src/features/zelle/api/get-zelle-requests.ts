import { zelleIncomingRequestList, type ZelleIncomingRequestView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A request someone else sent me (GET /zelle/requests), waiting to be paid or declined. */
export type IncomingRequest = ZelleIncomingRequestView;

export async function getZelleRequests(signal?: AbortSignal): Promise<IncomingRequest[]> {
  const { data } = await api.get<unknown>('/zelle/requests', { signal });
  return zelleIncomingRequestList.shape.data.parse(data).requests;
}

export const zelleRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'requests'] as const,
    queryFn: ({ signal }) => getZelleRequests(signal),
  });

export function useZelleRequests() {
  return useQuery(zelleRequestsQueryOptions());
}
