import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The limits' shape is not shown; the screen reads what it recognises. */
export type TransferLimits = Record<string, unknown>;

export async function getTransferLimits(signal?: AbortSignal): Promise<TransferLimits> {
  const { data } = await api.get<{ limits?: TransferLimits } & TransferLimits>(
    '/transfers/limits',
    { signal },
  );
  return data?.limits ?? data ?? {};
}

export const transferLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'limits'] as const,
    queryFn: ({ signal }) => getTransferLimits(signal),
  });

export function useTransferLimits() {
  return useQuery(transferLimitsQueryOptions());
}
