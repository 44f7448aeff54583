import { zelleRequestDeclined, zelleSent } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /zelle/requests/{id}/pay: pays a request someone sent me, from one of my accounts. */
export async function payRequest(input: { id: string; accountId: string; idempotencyKey: string }) {
  const { message, data } = await api.post<unknown>(
    `/zelle/requests/${encodeURIComponent(input.id)}/pay`,
    { bank_account_id: input.accountId },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, payment: zelleSent.shape.data.parse(data).transaction };
}

export function usePayRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payRequest, onSuccess: () => queryClient.invalidateQueries() });
}

/** POST /zelle/requests/{id}/decline. */
export async function declineRequest(input: { id: string; idempotencyKey: string }) {
  const { message, data } = await api.post<unknown>(
    `/zelle/requests/${encodeURIComponent(input.id)}/decline`,
    {},
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, request: zelleRequestDeclined.shape.data.parse(data).request };
}

export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequest,
    // The request list and the activity (which shows the decline) both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['zelle'] }),
  });
}
