import { ticketReply } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import type { Ticket } from './get-tickets';

/** A ticket answer (the read, or a command's), checked against the contract: its message too. */
export async function ticketIn(request: Promise<ApiResult<unknown>>) {
  const { message, data } = await request;
  return { message, ticket: ticketReply.shape.data.parse(data).ticket };
}

export async function getTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return (
    await ticketIn(api.get<unknown>(`/support/tickets/${encodeURIComponent(id)}`, { signal }))
  ).ticket;
}

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['support', 'ticket', id] as const,
    queryFn: ({ signal }) => getTicket(id, signal),
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
