import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transferPayload, type TransferForm } from './create-transfer';

export type SavedRecipient = {
  id: string;
  type: 'external-bank' | 'sepa';
  nickname: string;
  recipient_name: string;
  bank_name: string;
  account: string;
  routing_number: string | null;
  country: string | null;
  swift_code: string | null;
};

export const savedRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'recipients'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ recipients: SavedRecipient[] }>('/transfers/recipients', { signal })).data
        .recipients,
  });

export function useSavedRecipients() {
  return useQuery(savedRecipientsQueryOptions());
}

/** POST /transfers/recipients: the bank asks the customer to confirm it is them first. */
export function useSaveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: SavedRecipient['type']; values: TransferForm; nickname: string }) =>
      api.post<{ recipient: SavedRecipient }>('/transfers/recipients', {
        type: input.type,
        nickname: input.nickname,
        ...transferPayload(input.type, input.values),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}

export function useRenameRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nickname }: { id: string; nickname: string }) =>
      api.put<null>(`/transfers/recipients/${encodeURIComponent(id)}`, { nickname }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/transfers/recipients/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}
