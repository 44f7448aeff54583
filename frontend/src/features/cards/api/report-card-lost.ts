import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardsQueryOptions, type Card } from './get-cards';

export const reportLostSchema = z.object({
  type: z.enum(['lost', 'stolen']),
  description: z.string().max(1000, 'The description may not be greater than 1000 characters.'),
});

export type ReportLostForm = z.infer<typeof reportLostSchema>;

export const reportCardLost = (input: { id: string; values: ReportLostForm }) =>
  api.post<{ card: Card }>(`/cards/${encodeURIComponent(input.id)}/report-lost-stolen`, {
    type: input.values.type,
    description: input.values.description.trim(),
  });

export function useReportCardLost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportCardLost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}
