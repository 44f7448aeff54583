import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PayeeCategory = { key: string; value?: string; label: string; icon?: string };

export async function getCategories(signal?: AbortSignal): Promise<PayeeCategory[]> {
  const { data } = await api.get<{ categories: PayeeCategory[] | Record<string, string> }>(
    '/bill-payments/categories',
    { signal },
  );
  const raw = data?.categories ?? [];
  return Array.isArray(raw) ? raw : Object.entries(raw).map(([key, label]) => ({ key, label }));
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
