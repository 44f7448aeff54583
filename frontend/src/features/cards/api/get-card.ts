import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsQueryOptions, type Card } from './get-cards';

/** GET /cards/{id}: the one read that reveals the full number and CVV (never cached for long). */
export async function getCard(id: string, signal?: AbortSignal): Promise<Card> {
  const { data } = await api.get<{ card: Card }>(`/cards/${encodeURIComponent(id)}`, { signal });
  return data.card;
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
