import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /zelle/requests/{id}/pay: pays a request someone sent me, from one of my accounts. */
export const payRequest = (input: { id: string; accountId: string; idempotencyKey: string }) =>
  api.post<unknown>(
    `/zelle/requests/${encodeURIComponent(input.id)}/pay`,
    { bank_account_id: input.accountId },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export function usePayRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payRequest, onSuccess: () => queryClient.invalidateQueries() });
}

/** POST /zelle/requests/{id}/decline. */
export const declineRequest = (input: { id: string; idempotencyKey: string }) =>
  api.post<unknown>(
    `/zelle/requests/${encodeURIComponent(input.id)}/decline`,
    {},
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequest,
    // The request list and the activity (which shows the decline) both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['zelle'] }),
  });
}
