import { SUPPORT_MESSAGES, SUPPORT_TEXT_MAX } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketIn, ticketQueryOptions } from './get-ticket';

export const replySchema = z.object({
  message: z.string().trim().min(1, SUPPORT_MESSAGES.reply).max(SUPPORT_TEXT_MAX.message),
});

export type ReplyForm = z.infer<typeof replySchema>;

export const replyToTicket = (input: { id: string; message: string; idempotencyKey: string }) =>
  ticketIn(
    api.post<unknown>(
      `/support/tickets/${encodeURIComponent(input.id)}/reply`,
      { message: input.message.trim() },
      { headers: { 'Idempotency-Key': input.idempotencyKey } },
    ),
  );

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: ({ ticket }, { id }) =>
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, ticket),
    onSettled: (_d, _e, { id }) =>
      queryClient.invalidateQueries({ queryKey: ticketQueryOptions(id).queryKey }),
  });
}
