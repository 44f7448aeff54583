import { zelleSplit } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SplitPayload = {
  bank_account_id: string;
  total_amount: number;
  memo: string;
  people: { name: string; contact: string }[];
};

/**
 * POST /zelle/split: one request per person for an equal share, made by the bank all together or
 * not at all (the source product sent one request call per person and could half-succeed).
 */
export async function splitPayment(input: { payload: SplitPayload; idempotencyKey: string }) {
  const { message, data } = await api.post<unknown>('/zelle/split', input.payload, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return { message, split: zelleSplit.shape.data.parse(data) };
}

export function useSplitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: splitPayment,
    // Each person asked is a line in the activity and one of the recent recipients.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['zelle'] }),
  });
}
