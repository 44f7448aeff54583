import { revealedCard, type RevealedCardView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsQueryOptions } from './get-cards';

/** GET /cards/{id}: the one read that reveals the full number and CVV (never cached for long). */
export async function getCard(id: string, signal?: AbortSignal): Promise<RevealedCardView> {
  const { data } = await api.get<unknown>(`/cards/${encodeURIComponent(id)}`, { signal });
  return revealedCard.shape.data.parse(data).card;
}

export const cardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...cardsQueryOptions().queryKey, id] as const,
    queryFn: ({ signal }) => getCard(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useCard(id: string | null) {
  return useQuery({ ...cardQueryOptions(id ?? ''), enabled: Boolean(id) });
}
