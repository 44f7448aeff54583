import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreatedTransfer } from './create-transfer';

export type RepeatTransferInput = { id: string; amount?: number; idempotencyKey: string };

/**
 * POST /transfers/{id}/repeat: the same transfer again, optionally with another amount. Typed like
 * a new transfer's answer, not parsed: money has moved once the server says success.
 */
export function repeatTransfer({ id, amount, idempotencyKey }: RepeatTransferInput) {
  return api.post<{ transfer?: CreatedTransfer }>(
    `/transfers/${encodeURIComponent(id)}/repeat`,
    amount === undefined ? {} : { amount },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useRepeatTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repeatTransfer,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
