import { CHANGE_PASSWORD_MESSAGES } from '@bank/contracts/auth-messages';
import { successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { signedInSessionsKey } from '@/components/security/sessions-calls';
import { api } from '@/lib/api-client';

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, CHANGE_PASSWORD_MESSAGES.current),
    new_password: z
      .string()
      .min(8, CHANGE_PASSWORD_MESSAGES.short)
      .max(128, 'The password field must not be greater than 128 characters.'),
    new_password_confirmation: z.string(),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  });

export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/** POST /change-password: really changes it (the source product only pretended). */
export const changePassword = async (v: ChangePasswordForm) =>
  successWithoutData.shape.data.parse((await api.post<unknown>('/change-password', v)).data);

/** A changed password signs the other sessions out: the sessions card must not list them. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signedInSessionsKey }),
  });
}
