import { zelleRecipientList, type ZelleRecipientView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ZelleRecipient = ZelleRecipientView;

export async function getZelleRecipients(signal?: AbortSignal): Promise<ZelleRecipient[]> {
  const { data } = await api.get<unknown>('/zelle/recipients', { signal });
  return zelleRecipientList.shape.data.parse(data).recipients;
}

export const zelleRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'recipients'] as const,
    queryFn: ({ signal }) => getZelleRecipients(signal),
  });

export function useZelleRecipients() {
  return useQuery(zelleRecipientsQueryOptions());
}
