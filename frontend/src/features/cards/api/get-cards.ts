import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The card agreement the server offers: rates in percent, money in dollars. */
export type CardTerms = {
  purchase_apr: number | null;
  cash_advance_apr: number | null;
  credit_limit: number | null;
  fees: { name: string; amount: number; percent: number | null }[];
};

export type Card = {
  id: string;
  card_name: string;
  card_type: string;
  card_network: 'visa' | 'mastercard' | 'amex' | 'discover' | (string & {});
  bank_account?: { id?: string; account_name?: string | null } | null;
  masked_number?: string | null;
  expiry_date?: string | null;
  status: 'active' | 'locked' | (string & {});
  application?: {
    is_pending: boolean;
    description?: string | null;
    benefits?: string[] | string | null;
    terms?: CardTerms | null;
  } | null;
  full_details?: {
    formatted_card_number?: string | null;
    cvv?: string | null;
    expiry_date?: string | null;
  } | null;
  settings?: {
    transaction_alerts: boolean;
    international_transactions: boolean;
    contactless_enabled: boolean;
  } | null;
  limits?: { daily_atm_limit: number | null; daily_purchase_limit: number | null } | null;
};

export async function getCards(signal?: AbortSignal): Promise<Card[]> {
  const { data } = await api.get<{ cards: Card[] }>('/cards', { signal });
  return data?.cards ?? [];
}

export const cardsQueryOptions = () =>
  queryOptions({ queryKey: ['cards'] as const, queryFn: ({ signal }) => getCards(signal) });

export function useCards() {
  return useQuery(cardsQueryOptions());
}

export const isPendingApplication = (card: Card) => Boolean(card.application?.is_pending);
