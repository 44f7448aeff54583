import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_MESSAGES,
  DISPUTE_REASON_KEYS,
  disputeAnswer,
} from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { receiptPath } from './get-receipt';

export const disputeSchema = z.object({
  reason: z.enum(DISPUTE_REASON_KEYS, { error: DISPUTE_MESSAGES.reason }),
  details: z.string().max(DISPUTE_DETAILS_MAX, DISPUTE_MESSAGES.details),
});
export type DisputeForm = z.infer<typeof disputeSchema>;

export async function disputeCharge({ id, values }: { id: string; values: DisputeForm }) {
  const { message, data } = await api.post<unknown>(`${receiptPath(id)}/dispute`, {
    reason: values.reason,
    details: values.details.trim(),
  });
  return { message, ...disputeAnswer.shape.data.parse(data) };
}

/** Disputes a charge; the receipt, the support tickets and the notifications read it again. */
export function useDisputeCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeCharge,
    // Awaited: the dialog closes on a receipt that already shows the dispute.
    onSettled: () =>
      Promise.all(
        ['receipt', 'support', 'notifications'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
