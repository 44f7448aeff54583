import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketsQueryOptions, type Ticket } from './get-tickets';

export const SEARCH_LIMIT = 10;

export async function searchTickets(query: string, signal?: AbortSignal): Promise<Ticket[]> {
  const { data } = await api.get<{ tickets: Ticket[] }>('/support/search', {
    signal,
    query: { query, limit: SEARCH_LIMIT },
  });
  return data?.tickets ?? [];
}

export const ticketSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...ticketsQueryOptions().queryKey.slice(0, 2), 'search', query] as const,
    queryFn: ({ signal }) => searchTickets(query, signal),
  });

export function useTicketSearch(query: string) {
  return useQuery({ ...ticketSearchQueryOptions(query), enabled: query !== '' });
}
