import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Account } from './accounts';

/** The customer's accounts (GET /accounts), under the same cache key as the accounts screen. */
export const customerAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts'] as const,
    queryFn: async ({ signal }): Promise<Account[]> => {
      const { data } = await api.get<{ accounts: Account[] }>('/accounts', { signal });
      return data?.accounts ?? [];
    },
  });

export function useCustomerAccounts() {
  return useQuery(customerAccountsQueryOptions());
}
