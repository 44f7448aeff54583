import { successWithoutData } from '@bank/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const forgotPasswordSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, 'Enter your account number or email address.')
    .refine(
      (v) => /^\d{12}$/.test(v) || /^\S+@\S+\.\S+$/.test(v),
      'Enter a 12-digit account number or a valid email address.',
    ),
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export async function forgotPassword({ identifier }: ForgotPasswordInput) {
  const value = identifier.trim();
  const body = /^\d{12}$/.test(value) ? { account_number: value } : { email: value };
  const { data } = await api.post<unknown>('/forgot-password', body, {
    skipUnauthorizedHandler: true,
  });
  return successWithoutData.shape.data.parse(data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
