import { successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { failureToast } from './failure-toast';
import { notificationsRootKey } from './keys';

/** Marks every notification read, or only those of one type when a type is given. */
export const markAllNotificationsRead = async (type?: string) =>
  successWithoutData.shape.data.parse(
    (await api.post<unknown>('/notifications/read-all', type ? { type } : {})).data,
  );

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type?: string) => markAllNotificationsRead(type),
    onSuccess: () => toast.success('All notifications marked as read'),
    onError: failureToast('Failed to mark all notifications as read'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
