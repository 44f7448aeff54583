import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DepositMethod = {
  symbol: string;
  name: string;
  address: string;
  network: string;
  min_amount: number;
  withdrawal_network_fee?: number;
};

export async function getDepositMethods(signal?: AbortSignal): Promise<DepositMethod[]> {
  const { data } = await api.get<{ deposit_methods: DepositMethod[] }>('/crypto/deposit-methods', {
    signal,
  });
  return data?.deposit_methods ?? [];
}

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'deposit-methods'] as const,
    queryFn: ({ signal }) => getDepositMethods(signal),
    staleTime: Infinity,
  });

export function useDepositMethods() {
  return useQuery(depositMethodsQueryOptions());
}
