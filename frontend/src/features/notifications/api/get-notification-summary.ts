import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NotificationSummary } from '../types';
import { notificationsRootKey } from './get-notifications';

export async function getNotificationSummary(signal?: AbortSignal): Promise<NotificationSummary> {
  const { data } = await api.get<NotificationSummary>('/notifications/summary', { signal });
  return { unread_count: data?.unread_count ?? 0, total_count: data?.total_count ?? 0 };
}

export const notificationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsRootKey, 'summary'] as const,
    queryFn: ({ signal }) => getNotificationSummary(signal),
    refetchInterval: 60_000,
  });

export function useNotificationSummary() {
  return useQuery(notificationSummaryQueryOptions());
}
