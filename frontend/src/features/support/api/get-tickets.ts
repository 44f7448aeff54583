import { ticketList, ticketPage, type TicketView } from '@bank/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export type Ticket = TicketView;
export type Reply = TicketView['replies'][number];

export type TicketFilters = { status?: string; category?: string; priority?: string };

/** Tickets a page of the list holds: each carries its latest replies, so pages stay small. */
export const TICKETS_LIMIT = 25;

/** A search's answer, checked against the contract. */
export async function ticketsIn(request: Promise<ApiResult<unknown>>): Promise<Ticket[]> {
  return ticketList.shape.data.parse((await request).data).tickets;
}

/**
 * A page of the customer's tickets matching the filters, newest first: the first without a
 * cursor, each later one from the cursor the page before handed out.
 */
export async function getTicketsPage(
  filters: TicketFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const { data } = await api.get<unknown>('/support/tickets', {
    signal,
    query: { ...filters, limit: TICKETS_LIMIT, cursor: cursor ?? undefined },
  });
  return ticketPage.shape.data.parse(data);
}

export const ticketsQueryOptions = (filters: TicketFilters = {}) =>
  infiniteQueryOptions({
    queryKey: ['support', 'tickets', filters] as const,
    queryFn: ({ pageParam, signal }) => getTicketsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The customer's tickets a page at a time (keyset cursor), for "Load more". */
export function useTickets(filters: TicketFilters) {
  return useInfiniteQuery(ticketsQueryOptions(filters));
}
