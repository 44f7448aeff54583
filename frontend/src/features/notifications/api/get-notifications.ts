import { notificationsListData } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReadFilter } from '../types';
import { notificationsRootKey } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 50;

export type NotificationFilters = { read: ReadFilter; type: string };

export async function getNotifications(filters: NotificationFilters, signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/notifications', {
    signal,
    query: {
      per_page: NOTIFICATIONS_PAGE_SIZE,
      unread_only: filters.read === 'unread' ? 'true' : undefined,
      read_only: filters.read === 'read' ? 'true' : undefined,
      type: filters.type || undefined,
    },
  });
  return notificationsListData.parse(data).notifications;
}

export const notificationsQueryOptions = (filters: NotificationFilters) =>
  queryOptions({
    queryKey: [...notificationsRootKey, 'list', filters] as const,
    queryFn: ({ signal }) => getNotifications(filters, signal),
  });

export function useNotifications(filters: NotificationFilters, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(filters), enabled });
}
