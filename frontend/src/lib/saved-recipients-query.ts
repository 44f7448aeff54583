import { savedRecipientList, type SavedRecipientView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SavedRecipient = SavedRecipientView;

/**
 * GET /transfers/recipients, the customer's address book of accounts at other banks: one cache
 * entry for Transfer Money and the wire page. The answer is checked against the server's schema.
 */
export const savedRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'recipients'] as const,
    queryFn: async ({ signal }) =>
      savedRecipientList.shape.data.parse(
        (await api.get<unknown>('/transfers/recipients', { signal })).data,
      ).recipients,
  });

export function useSavedRecipients() {
  return useQuery(savedRecipientsQueryOptions());
}
