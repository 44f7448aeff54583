import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketsQueryOptions, type Ticket } from './get-tickets';

export const TICKET_MESSAGES = {
  subject: 'Please enter a subject.',
  description: 'Please describe your issue.',
  category: 'Please choose a category.',
} as const;

export const ticketSchema = z.object({
  subject: z.string().trim().min(1, TICKET_MESSAGES.subject).max(255),
  category: z.string().min(1, TICKET_MESSAGES.category),
  priority: z.enum(['low', 'medium', 'high', 'urgent']),
  description: z.string().trim().min(1, TICKET_MESSAGES.description).max(5000),
});

export type TicketForm = z.infer<typeof ticketSchema>;

export const createTicket = (v: TicketForm) =>
  api.post<{ ticket: Ticket }>('/support/tickets', {
    subject: v.subject.trim(),
    description: v.description.trim(),
    category: v.category,
    priority: v.priority,
  });

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey.slice(0, 2) }),
  });
}
