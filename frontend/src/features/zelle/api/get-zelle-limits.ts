import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ZelleLimits = {
  daily?: { limit: number; used: number; remaining?: number };
  monthly?: { limit: number; used: number; remaining?: number };
};

export async function getZelleLimits(signal?: AbortSignal): Promise<ZelleLimits> {
  const { data } = await api.get<{ limits: ZelleLimits }>('/zelle/limits', { signal });
  return data?.limits ?? {};
}

export const zelleLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'limits'] as const,
    queryFn: ({ signal }) => getZelleLimits(signal),
  });

export function useZelleLimits() {
  return useQuery(zelleLimitsQueryOptions());
}
