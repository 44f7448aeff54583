import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsQueryOptions, type Card } from './get-cards';

// The card commands that need no form: apply, lock/unlock, settings.

function useCardMutation<I>(fn: (input: I) => Promise<{ message: string; data: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}

/** The customer's own answer to the agreement shown to them: never assumed. */
export const applyForCard = ({ id, agreedToTerms }: { id: string; agreedToTerms: boolean }) =>
  api.post<{ card: Card }>(`/cards/${encodeURIComponent(id)}/apply`, {
    agreed_to_terms: agreedToTerms,
    delivery_address: '',
    express_delivery: false,
  });

export const useApplyForCard = () => useCardMutation(applyForCard);

export const toggleCardLock = (input: { id: string; action: 'lock' | 'unlock'; reason?: string }) =>
  api.post<{ card: Card }>(`/cards/${encodeURIComponent(input.id)}/toggle-lock`, {
    action: input.action,
    reason: input.reason ?? '',
  });

export const useToggleCardLock = () => useCardMutation(toggleCardLock);

export type CardSettingsInput = {
  id: string;
  transaction_alerts?: boolean;
  international_transactions?: boolean;
  contactless_enabled?: boolean;
};

export const updateCardSettings = ({ id, ...settings }: CardSettingsInput) =>
  api.put<{ card: Card }>(`/cards/${encodeURIComponent(id)}/settings`, settings);

export const useUpdateCardSettings = () => useCardMutation(updateCardSettings);
