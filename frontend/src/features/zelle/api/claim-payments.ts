import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ClaimKind = 'email' | 'phone';

/** POST /zelle/claims/code: a one-time code to my own email or phone, if money waits for it. */
export const requestClaimCode = (input: { kind: ClaimKind }) =>
  api.post<{ sent_to: string; expires_at: string; payments_waiting: number }>(
    '/zelle/claims/code',
    input,
  );

export function useRequestClaimCode() {
  return useMutation({ mutationFn: requestClaimCode });
}

/** POST /zelle/claims: with the code, the money waiting for that contact comes to my checking. */
export const claimPayments = (input: { kind: ClaimKind; code: string; idempotencyKey: string }) =>
  api.post<{ total: number }>(
    '/zelle/claims',
    { kind: input.kind, code: input.code },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export function useClaimPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPayments,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
