import { signInData } from '@bank/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Account number exactly 12 digits; both fields required. */
export const loginSchema = z.object({
  account_number: z
    .string()
    .trim()
    .min(1, 'Please enter your account number.')
    .regex(/^\d{12}$/, 'Account number must be exactly 12 digits.'),
  password: z.string().min(1, 'Please enter your password.'),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** A session, or (with two-factor on) a challenge for the authenticator code. */
export async function login(input: LoginInput) {
  const { data } = await api.post<unknown>('/login', input, { skipUnauthorizedHandler: true });
  return signInData.parse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
