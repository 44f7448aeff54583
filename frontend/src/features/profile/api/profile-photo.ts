import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileAnswer } from './update-profile';

export const saveProfilePhoto = (image: string) =>
  profileAnswer(api.put<unknown>('/profile/photo', { image }));

export function useSaveProfilePhoto() {
  return useMutation({ mutationFn: saveProfilePhoto });
}

export const removeProfilePhoto = () => profileAnswer(api.delete<unknown>('/profile/photo'));

export function useRemoveProfilePhoto() {
  return useMutation({ mutationFn: removeProfilePhoto });
}
