import { accountsListData } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /accounts, the one query every screen that lists the customer's accounts shares (one cache
 * entry). The answer is checked against the schema the server declares.
 */
export async function getAccounts(signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/accounts', { signal });
  return accountsListData.parse(data).accounts;
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ['accounts'] as const, queryFn: ({ signal }) => getAccounts(signal) });

/** The customer's accounts; `errorToast` says a failed load in a toast (the accounts screen). */
export function useAccounts(options: { errorToast?: boolean } = {}) {
  return useQuery({
    ...accountsQueryOptions(),
    ...(options.errorToast ? { meta: { errorToast: true } } : {}),
  });
}
