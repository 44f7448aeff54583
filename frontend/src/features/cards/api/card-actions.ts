import { cardChanged } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { cardsQueryOptions } from './get-cards';

// The card commands that need no form: apply, lock/unlock, settings.

/** A card command's answer: its message and the card as it is now. */
export async function cardAnswer(request: Promise<ApiResult<unknown>>) {
  const { message, data } = await request;
  return { message, card: cardChanged.shape.data.parse(data).card };
}

export function useCardMutation<I>(fn: (input: I) => ReturnType<typeof cardAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}

/** The customer's own answer to the agreement shown to them: never assumed. */
export const applyForCard = ({ id, agreedToTerms }: { id: string; agreedToTerms: boolean }) =>
  cardAnswer(
    api.post<unknown>(`/cards/${encodeURIComponent(id)}/apply`, {
      agreed_to_terms: agreedToTerms,
      delivery_address: '',
      express_delivery: false,
    }),
  );

export const useApplyForCard = () => useCardMutation(applyForCard);

export const toggleCardLock = (input: { id: string; action: 'lock' | 'unlock'; reason?: string }) =>
  cardAnswer(
    api.post<unknown>(`/cards/${encodeURIComponent(input.id)}/toggle-lock`, {
      action: input.action,
      reason: input.reason ?? '',
    }),
  );

export const useToggleCardLock = () => useCardMutation(toggleCardLock);

export type CardSettingsInput = {
  id: string;
  transaction_alerts?: boolean;
  international_transactions?: boolean;
  contactless_enabled?: boolean;
};

export const updateCardSettings = ({ id, ...settings }: CardSettingsInput) =>
  cardAnswer(api.put<unknown>(`/cards/${encodeURIComponent(id)}/settings`, settings));

export const useUpdateCardSettings = () => useCardMutation(updateCardSettings);
