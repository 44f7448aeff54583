import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Transaction } from '@/lib/transactions';

/** People this customer has paid or been paid by; `contact` is their email or phone. */
export type SearchContact = { name: string; contact: string | null };

export type SearchResults = { transactions: Transaction[]; contacts: SearchContact[] };

export const MIN_SEARCH_LENGTH = 2;

export async function search(q: string, signal?: AbortSignal): Promise<SearchResults> {
  const { data } = await api.get<Partial<SearchResults>>('/search', { query: { q }, signal });
  return { transactions: data?.transactions ?? [], contacts: data?.contacts ?? [] };
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => search(q, signal),
    staleTime: 15_000,
  });

export function useSearch(q: string) {
  const term = q.trim();
  return useQuery({
    ...searchQueryOptions(term),
    enabled: term.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
  });
}
