import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ZelleRecipient = {
  name: string;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  transaction_count: number;
};

export async function getZelleRecipients(signal?: AbortSignal): Promise<ZelleRecipient[]> {
  const { data } = await api.get<{ recipients: ZelleRecipient[] }>('/zelle/recipients', { signal });
  return data?.recipients ?? [];
}

export const zelleRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: ['zelle', 'recipients'] as const,
    queryFn: ({ signal }) => getZelleRecipients(signal),
  });

export function useZelleRecipients() {
  return useQuery(zelleRecipientsQueryOptions());
}
