import { SUPPORT_MESSAGES, SUPPORT_TEXT_MAX, TICKET_PRIORITY_KEYS } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketIn } from './get-ticket';
import { ticketsQueryOptions } from './get-tickets';

export const ticketSchema = z.object({
  subject: z.string().trim().min(1, SUPPORT_MESSAGES.subject).max(SUPPORT_TEXT_MAX.subject),
  category: z.string().min(1, SUPPORT_MESSAGES.category),
  priority: z.enum(TICKET_PRIORITY_KEYS),
  description: z.string().trim().min(1, SUPPORT_MESSAGES.description).max(SUPPORT_TEXT_MAX.message),
});

export type TicketForm = z.infer<typeof ticketSchema>;

export const createTicket = ({
  values: v,
  idempotencyKey,
}: {
  values: TicketForm;
  idempotencyKey: string;
}) =>
  ticketIn(
    api.post<unknown>(
      '/support/tickets',
      {
        subject: v.subject.trim(),
        description: v.description.trim(),
        category: v.category,
        priority: v.priority,
      },
      { headers: { 'Idempotency-Key': idempotencyKey } },
    ),
  );

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey.slice(0, 2) }),
  });
}
