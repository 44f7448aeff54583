import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NotificationPreferences, ProfileUser } from './update-profile';

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  transaction: true,
  security: true,
  card: true,
  crypto: true,
  support: true,
  marketing: false,
};

export const updateNotificationPreferences = (prefs: NotificationPreferences) =>
  api.put<{ user: ProfileUser }>('/profile/notification-preferences', prefs);

export function useUpdateNotificationPreferences() {
  return useMutation({ mutationFn: updateNotificationPreferences });
}
