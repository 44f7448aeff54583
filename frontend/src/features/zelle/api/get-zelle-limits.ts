import { zelleLimits, type ZelleLimits } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ZelleLimits };

export async function getZelleLimits(signal?: AbortSignal): Promise<ZelleLimits> {
  const { data } = await api.get<unknown>('/zelle/limits', { signal });
  return zelleLimits.shape.data.parse(data).limits;
}

export const zelleLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'limits'] as const,
    queryFn: ({ signal }) => getZelleLimits(signal),
  });

export function useZelleLimits() {
  return useQuery(zelleLimitsQueryOptions());
}
