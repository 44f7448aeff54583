import { savedRecipientReply, successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavedRecipient } from '@/lib/saved-recipients-query';
import { transferPayload, type TransferForm } from './create-transfer';

export { useSavedRecipients, type SavedRecipient } from '@/lib/saved-recipients-query';

/** POST /transfers/recipients: the bank asks the customer to confirm it is them first. */
export function useSaveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      type: SavedRecipient['type'];
      values: TransferForm;
      nickname: string;
    }) =>
      savedRecipientReply.shape.data.parse(
        (
          await api.post<unknown>('/transfers/recipients', {
            type: input.type,
            nickname: input.nickname,
            ...transferPayload(input.type, input.values),
          })
        ).data,
      ).recipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}

export function useRenameRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, nickname }: { id: string; nickname: string }) =>
      successWithoutData.shape.data.parse(
        (await api.put<unknown>(`/transfers/recipients/${encodeURIComponent(id)}`, { nickname }))
          .data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      successWithoutData.shape.data.parse(
        (await api.delete<unknown>(`/transfers/recipients/${encodeURIComponent(id)}`)).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'recipients'] }),
  });
}
