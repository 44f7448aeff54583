import { profileUpdatedData } from '@bank/contracts';
import { CUSTOMER_FIELD_MESSAGES as FIELD } from '@bank/contracts/auth-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ApiResult } from '@/lib/api-client';
import { CURRENT_USER_KEY } from '@/lib/auth';
import type { User } from '@/lib/session-storage';

const REQUIRED = FIELD.required;

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(255, 'The name field must not be greater than 255 characters.'),
  email: z.string().trim().min(1, REQUIRED).pipe(z.email(FIELD.email)),
  phone: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .refine(
      (v) => /^\+?[\d\s().-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 7,
      FIELD.phone,
    ),
  address: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(255, 'The address field must not be greater than 255 characters.'),
  city: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(100, 'The city field must not be greater than 100 characters.'),
  state: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(50, 'The state field must not be greater than 50 characters.'),
  zipCode: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{5}(-\d{4})?$/, FIELD.zip),
  dateOfBirth: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD.dateOfBirth),
});

export type ProfileForm = z.infer<typeof profileSchema>;

export function profileDefaults(user: User): ProfileForm {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zipCode: user.zip_code ?? '',
    dateOfBirth: (user.date_of_birth ?? '').slice(0, 10),
  };
}

export const PROFILE_SERVER_FIELDS: Record<string, keyof ProfileForm> = {
  zip_code: 'zipCode',
  date_of_birth: 'dateOfBirth',
};

/** The answer of the profile calls, checked against the contract: the new user, and the message. */
export async function profileAnswer(call: Promise<ApiResult<unknown>>) {
  const { message, data } = await call;
  return { message, data: profileUpdatedData.parse(data) };
}

/** PUT /profile; the stored user is replaced by the answer. */
export const updateProfile = (v: ProfileForm) =>
  profileAnswer(
    api.put<unknown>('/profile', {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      address: v.address.trim(),
      city: v.city.trim(),
      state: v.state.trim(),
      zip_code: v.zipCode.trim(),
      date_of_birth: v.dateOfBirth,
    }),
  );

/**
 * A changed email or phone must be proved before money sent to it arrives: the customer's
 * contacts still to prove are read again, so the form, the dashboard and Zelle say so at once.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
