import { successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { summaryAfterDelete } from '../lib/counts';
import type { BankNotification } from '../types';
import { failureToast } from './failure-toast';
import { notificationsRootKey } from './keys';
import { notificationSummaryQueryOptions } from './get-notification-summary';

export const deleteNotification = async (id: BankNotification['id']) =>
  successWithoutData.shape.data.parse((await api.delete<unknown>(`/notifications/${id}`)).data);

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: BankNotification) => deleteNotification(item.id),
    onSuccess: (_result, item) => {
      const summaryKey = notificationSummaryQueryOptions().queryKey;
      const summary = queryClient.getQueryData(summaryKey);
      if (summary) queryClient.setQueryData(summaryKey, summaryAfterDelete(summary, item));
      queryClient.setQueriesData<BankNotification[]>(
        { queryKey: [...notificationsRootKey, 'list'] },
        (list) => list?.filter((n) => n.id !== item.id),
      );
      toast.success('Notification deleted');
    },
    onError: failureToast('Failed to delete notification'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
