import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Account } from '@/lib/accounts';

// The bank accounts crypto is bought with and sold into (same cache key as the accounts screen).
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const { data } = await api.get<{ accounts: Account[] }>('/accounts', { signal });
  return data?.accounts ?? [];
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ['accounts'] as const, queryFn: ({ signal }) => getAccounts(signal) });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
