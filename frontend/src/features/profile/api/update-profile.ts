import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/session-storage';

export type ProfileUser = User & {
  zipCode?: string | null;
  dateOfBirth?: string | null;
  notification_preferences?: NotificationPreferences | null;
};

export type NotificationPreferences = {
  transaction: boolean;
  security: boolean;
  card: boolean;
  crypto: boolean;
  support: boolean;
  marketing: boolean;
};

const REQUIRED = 'Please fill in all required fields.';

export const profileSchema = z.object({
  name: z.string().trim().min(1, REQUIRED).max(255),
  email: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .pipe(z.email('The email must be a valid email address.')),
  phone: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .refine(
      (v) => /^\+?[\d\s().-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 7,
      'The phone must be a valid phone number.',
    ),
  address: z.string().trim().min(1, REQUIRED).max(255),
  city: z.string().trim().min(1, REQUIRED).max(100),
  state: z.string().trim().min(1, REQUIRED).max(50),
  zipCode: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{5}(-\d{4})?$/, 'The zip code must be a valid ZIP code.'),
  dateOfBirth: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be a valid date (YYYY-MM-DD).'),
});

export type ProfileForm = z.infer<typeof profileSchema>;

export function profileDefaults(user: ProfileUser): ProfileForm {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zipCode: user.zipCode ?? user.zip_code ?? '',
    dateOfBirth: (user.dateOfBirth ?? user.date_of_birth ?? '').slice(0, 10),
  };
}

export const PROFILE_SERVER_FIELDS: Record<string, keyof ProfileForm> = {
  zip_code: 'zipCode',
  date_of_birth: 'dateOfBirth',
};

/** PUT /profile; the stored user is replaced by the answer. */
export const updateProfile = (v: ProfileForm) =>
  api.put<{ user: ProfileUser }>('/profile', {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    address: v.address.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    zip_code: v.zipCode.trim(),
    date_of_birth: v.dateOfBirth,
  });

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
