import { CUSTOMER_FIELD_MESSAGES } from '@bank/contracts/auth-messages';
import { successWithoutData } from '@bank/contracts';
import { useMutation } from '@tanstack/react-query';
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

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(token, input) });
}
