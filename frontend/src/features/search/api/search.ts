import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadContracts } from '@/lib/contracts';

export const MIN_SEARCH_LENGTH = 2;

/** How many transactions a search lists at most, newest first; the list scrolls. */
export const SEARCH_LIMIT = 20;

/** GET /search; the top bar's box is part of the signed-in shell, so its schema loads later. */
export async function search(q: string, signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.get<unknown>('/search', { query: { q, limit: SEARCH_LIMIT }, signal }),
  ]);
  return contracts.searchResultsData.parse(data);
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
