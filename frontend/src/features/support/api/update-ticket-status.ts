import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketIn, ticketQueryOptions } from './get-ticket';
import { ticketsQueryOptions } from './get-tickets';

export const updateTicketStatus = (input: { id: string; status: 'resolved' | 'closed' }) =>
  ticketIn(
    api.put<unknown>(`/support/tickets/${encodeURIComponent(input.id)}/status`, {
      status: input.status,
    }),
  );

export function useUpdateTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicketStatus,
    onSuccess: ({ ticket }, { id }) =>
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, ticket),
    onSettled: (_d, _e, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ticketQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey.slice(0, 2) });
      // A disputed charge's receipt shows where its ticket stands.
      void queryClient.invalidateQueries({ queryKey: ['receipt'] });
    },
  });
}
