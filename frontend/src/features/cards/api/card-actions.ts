import { cardChanged } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, type ApiResult } from '@/lib/api-client';
import { cardsQueryOptions } from './get-cards';

// The card commands that need no form: apply, lock/unlock, settings.

/** A card command's answer: its message and the card as it is now. */
export async function cardAnswer(request: Promise<ApiResult<unknown>>) {
  const { message, data } = await request;
  return { message, card: cardChanged.shape.data.parse(data).card };
}

/**
 * A card command as a mutation. The same command sent again while it is on its way (a double
 * click lands before the button is disabled) joins the one in flight instead of reaching the
 * bank twice, where the second would be refused ("already applied", "already locked").
 */
export function useCardMutation<I>(fn: (input: I) => ReturnType<typeof cardAnswer>) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Map<string, ReturnType<typeof cardAnswer>>());
  return useMutation({
    mutationFn: (input: I) => {
      const key = JSON.stringify(input);
      const running = inFlight.current.get(key);
      if (running) return running;
      const sent = fn(input).finally(() => inFlight.current.delete(key));
      inFlight.current.set(key, sent);
      return sent;
    },
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
