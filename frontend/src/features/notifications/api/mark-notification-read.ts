import { successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summaryAfterMarkRead } from '../lib/counts';
import type { BankNotification } from '../types';
import { failureToast } from './failure-toast';
import { notificationsRootKey } from './keys';
import { notificationSummaryQueryOptions } from './get-notification-summary';

export const markNotificationRead = async (id: BankNotification['id']) =>
  successWithoutData.shape.data.parse((await api.post<unknown>(`/notifications/${id}/read`)).data);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: BankNotification) => markNotificationRead(item.id),
    onSuccess: (_result, item) => {
      const summaryKey = notificationSummaryQueryOptions().queryKey;
      const summary = queryClient.getQueryData(summaryKey);
      if (summary) queryClient.setQueryData(summaryKey, summaryAfterMarkRead(summary, item));
      queryClient.setQueriesData<BankNotification[]>(
        { queryKey: [...notificationsRootKey, 'list'] },
        (list) => list?.map((n) => (n.id === item.id ? { ...n, is_read: true } : n)),
      );
    },
    onError: failureToast('Failed to mark notification as read'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
