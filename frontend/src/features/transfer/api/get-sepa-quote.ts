import { sepaQuoteData, type SepaQuote } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { SepaQuote };

/** The bank's quote for a SEPA transfer, checked against the schema the server declares. */
export async function getSepaQuote(amount: string, signal?: AbortSignal): Promise<SepaQuote> {
  const { data } = await api.get<unknown>('/wire-transfers/sepa/quote', {
    signal,
    query: { amount },
  });
  return sepaQuoteData.parse(data).quote;
}

export const sepaQuoteQueryOptions = (amount: string) =>
  queryOptions({
    queryKey: ['transfers', 'sepa-quote', amount] as const,
    queryFn: ({ signal }) => getSepaQuote(amount, signal),
    // The rate is the bank's, and it may change: never reuse an old answer for a new review.
    staleTime: 0,
    gcTime: 0,
  });

export function useSepaQuote(amount: string, enabled: boolean) {
  return useQuery({ ...sepaQuoteQueryOptions(amount), enabled });
}

const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

export function formatEuros(amount: number): string {
  return euros.format(amount);
}

/** "1 USD = 0.9213 EUR": the rate as quoted (in millionths) without trailing zeros past 4 places. */
export function rateText(rate: string): string {
  const trimmed = rate.replace(/(\.\d{4}\d*?)0+$/, '$1');
  return `1 USD = ${trimmed} EUR`;
}
