import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketQueryOptions } from './get-ticket';
import type { Ticket } from './get-tickets';

export const replySchema = z.object({
  message: z.string().trim().min(1, 'Please enter a reply message.').max(5000),
});

export type ReplyForm = z.infer<typeof replySchema>;

export const replyToTicket = (input: { id: string; message: string }) =>
  api.post<{ ticket: Ticket }>(`/support/tickets/${encodeURIComponent(input.id)}/reply`, {
    message: input.message.trim(),
  });

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: ({ data }, { id }) => {
      if (data?.ticket) queryClient.setQueryData(ticketQueryOptions(id).queryKey, data.ticket);
    },
    onSettled: (_d, _e, { id }) =>
      queryClient.invalidateQueries({ queryKey: ticketQueryOptions(id).queryKey }),
  });
}
