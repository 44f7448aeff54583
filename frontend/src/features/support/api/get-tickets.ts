import { ticketList, type TicketView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type Ticket = TicketView;
export type Reply = TicketView['replies'][number];

export type TicketFilters = { status?: string; category?: string; priority?: string };

/** A list answer (the tickets or a search), checked against the contract. */
export async function ticketsIn(request: Promise<ApiResult<unknown>>): Promise<Ticket[]> {
  return ticketList.shape.data.parse((await request).data).tickets;
}

export const getTickets = (filters: TicketFilters, signal?: AbortSignal) =>
  ticketsIn(api.get<unknown>('/support/tickets', { signal, query: filters }));

export const ticketsQueryOptions = (filters: TicketFilters = {}) =>
  queryOptions({
    queryKey: ['support', 'tickets', filters] as const,
    queryFn: ({ signal }) => getTickets(filters, signal),
  });

export function useTickets(filters: TicketFilters) {
  return useQuery(ticketsQueryOptions(filters));
}
