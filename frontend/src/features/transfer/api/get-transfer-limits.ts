import { transferLimitsData } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every transfer type's limits, checked against the schema the server declares. */
export async function getTransferLimits(signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/transfers/limits', { signal });
  return transferLimitsData.parse(data).limits;
}

export const transferLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'limits'] as const,
    queryFn: ({ signal }) => getTransferLimits(signal),
  });

export function useTransferLimits() {
  return useQuery(transferLimitsQueryOptions());
}
