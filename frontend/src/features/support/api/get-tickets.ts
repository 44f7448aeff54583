import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Reply = {
  id: string;
  message: string;
  is_staff_reply: boolean;
  user?: { name?: string | null } | null;
  time_since_created?: string;
  created_at?: string;
};

export type Ticket = {
  id: string;
  ticket_number: string;
  subject: string;
  description: string;
  category: string;
  category_display?: string;
  priority: 'low' | 'medium' | 'high' | 'urgent' | (string & {});
  priority_display?: string;
  status: 'open' | 'in_progress' | 'waiting_customer' | 'resolved' | 'closed' | (string & {});
  status_display?: string;
  time_since_created?: string;
  created_at?: string;
  replies?: Reply[];
};

export type TicketFilters = { status?: string; category?: string; priority?: string };

export async function getTickets(filters: TicketFilters, signal?: AbortSignal): Promise<Ticket[]> {
  const { data } = await api.get<{ tickets: Ticket[] }>('/support/tickets', {
    signal,
    query: filters,
  });
  return data?.tickets ?? [];
}

export const ticketsQueryOptions = (filters: TicketFilters = {}) =>
  queryOptions({
    queryKey: ['support', 'tickets', filters] as const,
    queryFn: ({ signal }) => getTickets(filters, signal),
  });

export function useTickets(filters: TicketFilters) {
  return useQuery(ticketsQueryOptions(filters));
}
