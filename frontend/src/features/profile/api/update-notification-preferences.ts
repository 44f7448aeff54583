import type { NotificationPreferences } from '@bank/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileAnswer } from './update-profile';

export const updateNotificationPreferences = (prefs: NotificationPreferences) =>
  profileAnswer(api.put<unknown>('/profile/notification-preferences', prefs));

export function useUpdateNotificationPreferences() {
  return useMutation({ mutationFn: updateNotificationPreferences });
}
