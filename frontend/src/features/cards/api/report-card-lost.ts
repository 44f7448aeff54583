import { api } from '@/lib/api-client';
import { z } from 'zod';
import { cardAnswer, useCardMutation } from './card-actions';

export const reportLostSchema = z.object({
  type: z.enum(['lost', 'stolen']),
  description: z.string().max(1000, 'The description may not be greater than 1000 characters.'),
});

export type ReportLostForm = z.infer<typeof reportLostSchema>;

export const reportCardLost = (input: { id: string; values: ReportLostForm }) =>
  cardAnswer(
    api.post<unknown>(`/cards/${encodeURIComponent(input.id)}/report-lost-stolen`, {
      type: input.values.type,
      description: input.values.description.trim(),
    }),
  );

export const useReportCardLost = () => useCardMutation(reportCardLost);
