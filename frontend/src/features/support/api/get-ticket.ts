import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ticket } from './get-tickets';

export async function getTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  const { data } = await api.get<{ ticket: Ticket }>(`/support/tickets/${encodeURIComponent(id)}`, {
    signal,
  });
  return data.ticket;
}

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['support', 'ticket', id] as const,
    queryFn: ({ signal }) => getTicket(id, signal),
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
