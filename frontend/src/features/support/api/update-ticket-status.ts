import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import { ticketsQueryOptions, type Ticket } from './get-tickets';

export const updateTicketStatus = (input: { id: string; status: 'resolved' | 'closed' }) =>
  api.put<{ ticket: Ticket }>(`/support/tickets/${encodeURIComponent(input.id)}/status`, {
    status: input.status,
  });

export function useUpdateTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicketStatus,
    onSuccess: ({ data }, { id }) => {
      if (data?.ticket) queryClient.setQueryData(ticketQueryOptions(id).queryKey, data.ticket);
    },
    onSettled: (_d, _e, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ticketQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey.slice(0, 2) });
    },
  });
}
