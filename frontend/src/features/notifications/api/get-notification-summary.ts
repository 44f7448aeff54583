import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadContracts } from '@/lib/contracts';
import { usePainted } from '@/lib/use-painted';
import { notificationsRootKey } from './keys';

/** GET /notifications/summary; the bell is part of the signed-in shell, so its schema loads later. */
export async function getNotificationSummary(signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.get<unknown>('/notifications/summary', { signal }),
  ]);
  return contracts.notificationSummaryData.parse(data);
}

export const notificationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsRootKey, 'summary'] as const,
    queryFn: ({ signal }) => getNotificationSummary(signal),
    refetchInterval: 60_000,
  });

/**
 * The counts. With `afterPaint` they are asked for once the page has painted (the top bar's bell):
 * the call and the bell's render then come after the signed-in page's first paint, not in its way.
 */
export function useNotificationSummary({ afterPaint = false } = {}) {
  const painted = usePainted();
  return useQuery({ ...notificationSummaryQueryOptions(), enabled: !afterPaint || painted });
}
