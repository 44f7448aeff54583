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

// Every query whose answer shows a transaction's category: the accounts page's paged list, the
// dashboard's recent activity, receipts, the top bar's search and the spending insights.
const SHOWS_CATEGORIES = [
  'transaction-history',
  'transaction-pages',
  'dashboard',
  'receipt',
  'search',
  'insights',
] as const;

/** Changes a transaction's category; every list that shows transactions reads it again. */
export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    onSettled: () => {
      for (const key of SHOWS_CATEGORIES) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
