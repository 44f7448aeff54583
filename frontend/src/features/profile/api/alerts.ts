import {
  alertSettingsReply,
  type AlertSettingsInput,
  type AlertSettingsView,
} from '@bank/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const alertsAnswer = alertSettingsReply.shape.data;

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'alerts'] as const,
    queryFn: async ({ signal }) =>
      alertsAnswer.parse((await api.get<unknown>('/profile/alerts', { signal })).data).alerts,
  });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}

export function useSaveAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertSettingsInput): Promise<AlertSettingsView> =>
      alertsAnswer.parse((await api.put<unknown>('/profile/alerts', input)).data).alerts,
    onSuccess: (alerts) => client.setQueryData(alertsQueryOptions().queryKey, alerts),
  });
}
