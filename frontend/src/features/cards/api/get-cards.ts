import { cardList, type CardTermsView, type CardView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CardTerms = CardTermsView;
export type Card = CardView;

export async function getCards(signal?: AbortSignal): Promise<Card[]> {
  const { data } = await api.get<unknown>('/cards', { signal });
  return cardList.shape.data.parse(data).cards;
}

export const cardsQueryOptions = () =>
  queryOptions({ queryKey: ['cards'] as const, queryFn: ({ signal }) => getCards(signal) });

export function useCards() {
  return useQuery(cardsQueryOptions());
}

export const isPendingApplication = (card: Card) => card.application.is_pending;

/**
 * A card the customer can still manage: active or locked. One reported lost or stolen is
 * deactivated for good; the bank refuses any change to it.
 */
export const isUsable = (card: Card) => card.status === 'active' || card.status === 'locked';

/** A card reported lost or stolen: shown as a record, with nothing left to do to it. */
export const isReported = (card: Card) => card.status === 'lost' || card.status === 'stolen';
