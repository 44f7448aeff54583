import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProfileUser } from './update-profile';

export const saveProfilePhoto = (image: string) =>
  api.put<{ user: ProfileUser }>('/profile/photo', { image });

export function useSaveProfilePhoto() {
  return useMutation({ mutationFn: saveProfilePhoto });
}

export const removeProfilePhoto = () => api.delete<{ user: ProfileUser }>('/profile/photo');

export function useRemoveProfilePhoto() {
  return useMutation({ mutationFn: removeProfilePhoto });
}
