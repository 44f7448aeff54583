import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsIn, ticketsQueryOptions } from './get-tickets';

export const SEARCH_LIMIT = 10;

export const searchTickets = (query: string, signal?: AbortSignal) =>
  ticketsIn(api.get<unknown>('/support/search', { signal, query: { query, limit: SEARCH_LIMIT } }));

export const ticketSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...ticketsQueryOptions().queryKey.slice(0, 2), 'search', query] as const,
    queryFn: ({ signal }) => searchTickets(query, signal),
  });

export function useTicketSearch(query: string) {
  return useQuery({ ...ticketSearchQueryOptions(query), enabled: query !== '' });
}
