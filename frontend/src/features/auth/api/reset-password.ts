import { CUSTOMER_FIELD_MESSAGES } from '@bank/contracts/auth-messages';
import { successWithoutData } from '@bank/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const resetPasswordSchema = z
  .object({
    password: z.string().min(8, CUSTOMER_FIELD_MESSAGES.passwordShort),
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: CUSTOMER_FIELD_MESSAGES.passwordsDiffer,
  });

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export async function resetPassword(token: string, input: ResetPasswordInput) {
  const { data } = await api.post<unknown>(
    '/reset-password',
    { token, ...input },
    { skipUnauthorizedHandler: true },
  );
  return successWithoutData.shape.data.parse(data);
}

/** Whether the link still opens: a refused one answers 422 with the token's message. */
export async function checkResetLink(token: string) {
  const { data } = await api.post<unknown>(
    '/reset-password/check',
    { token },
    { skipUnauthorizedHandler: true },
  );
  return successWithoutData.shape.data.parse(data);
}

/** Asked once when the page opens, so a dead link is said before a password is typed. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(token, input) });
}
