import { cryptoDepositMethods, type CryptoDepositMethod } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DepositMethod = CryptoDepositMethod;

export async function getDepositMethods(signal?: AbortSignal): Promise<DepositMethod[]> {
  const { data } = await api.get<unknown>('/crypto/deposit-methods', { signal });
  return cryptoDepositMethods.shape.data.parse(data).deposit_methods;
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
