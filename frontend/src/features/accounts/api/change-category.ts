import {
  transactionCategoriesListData,
  transactionCategoryChanged,
  type TransactionCategoryOption,
} from '@bank/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CategoryOption = TransactionCategoryOption;

/** The bank's transaction categories (the server's table, with its labels). */
export async function getTransactionCategories(signal?: AbortSignal): Promise<CategoryOption[]> {
  const { data } = await api.get<unknown>('/transactions/categories', { signal });
  return transactionCategoriesListData.parse(data).categories;
}

export const transactionCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['transaction-categories'] as const,
    queryFn: ({ signal }) => getTransactionCategories(signal),
    staleTime: Infinity,
  });

export function useTransactionCategories(enabled: boolean) {
  return useQuery({ ...transactionCategoriesQueryOptions(), enabled });
}

export type ChangeCategoryInput = { transactionId: string; category: string };

export async function changeCategory({ transactionId, category }: ChangeCategoryInput) {
  const { data } = await api.put<unknown>(
    `/transactions/${encodeURIComponent(transactionId)}/category`,
    { category },
  );
  return transactionCategoryChanged.shape.data.parse(data);
}

/** Changes a transaction's category; every list that shows transactions reads it again. */
export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['transaction-history'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
