import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RepeatTransferInput = { id: string; amount?: number; idempotencyKey: string };

/** POST /transfers/{id}/repeat: the same transfer again, optionally with another amount. */
export function repeatTransfer({ id, amount, idempotencyKey }: RepeatTransferInput) {
  return api.post<unknown>(
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
