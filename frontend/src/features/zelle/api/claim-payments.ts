import { zelleClaimCodeSent, zelleClaimed } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ClaimKind = 'email' | 'phone';

/** POST /zelle/claims/code: a one-time code to my own email or phone, if money waits for it. */
export async function requestClaimCode(input: { kind: ClaimKind }) {
  const { message, data } = await api.post<unknown>('/zelle/claims/code', input);
  return { message, code: zelleClaimCodeSent.shape.data.parse(data) };
}

export function useRequestClaimCode() {
  return useMutation({ mutationFn: requestClaimCode });
}

/** POST /zelle/claims: with the code, the money waiting for that contact comes to my checking. */
export async function claimPayments(input: {
  kind: ClaimKind;
  code: string;
  idempotencyKey: string;
}) {
  const { message, data } = await api.post<unknown>(
    '/zelle/claims',
    { kind: input.kind, code: input.code },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, claimed: zelleClaimed.shape.data.parse(data) };
}

export type ClaimResult = Awaited<ReturnType<typeof claimPayments>>['claimed'];

export function useClaimPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPayments,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
