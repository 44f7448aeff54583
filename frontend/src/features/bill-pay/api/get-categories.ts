import { billPayCategoryList, type BillPayCategoryOption } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PayeeCategory = BillPayCategoryOption;

export async function getCategories(signal?: AbortSignal): Promise<PayeeCategory[]> {
  const { data } = await api.get<unknown>('/bill-payments/categories', { signal });
  return billPayCategoryList.shape.data.parse(data).categories;
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
