import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Account } from '@/lib/accounts';

export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const { data } = await api.get<{ accounts: Account[] }>('/accounts', { signal });
  return data?.accounts ?? [];
}

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts'] as const,
    queryFn: ({ signal }) => getAccounts(signal),
    meta: { errorToast: true },
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
