import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CryptoTransaction = {
  id: string;
  type: 'buy' | 'sell' | 'deposit' | 'withdraw' | (string & {});
  currency_code?: string;
  symbol?: string;
  crypto_amount?: number | string;
  amount?: number | string;
  price_per_unit?: number | null;
  usd_amount?: number | null;
  total_value?: number | null;
  fee?: number | null;
  status: string;
  executed_at?: string | null;
  created_at?: string | null;
  reference_number?: string | null;
  /** The dollar line whose receipt this trade opens (none for coins moved in or out). */
  receipt_id?: string | null;
};

export const CRYPTO_TX_LIMIT = 20;

export async function getCryptoTransactions(signal?: AbortSignal): Promise<CryptoTransaction[]> {
  const { data } = await api.get<{ transactions: CryptoTransaction[] }>('/crypto/transactions', {
    signal,
    query: { limit: CRYPTO_TX_LIMIT },
  });
  return data?.transactions ?? [];
}

export const cryptoTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'transactions'] as const,
    queryFn: ({ signal }) => getCryptoTransactions(signal),
  });

export function useCryptoTransactions() {
  return useQuery(cryptoTransactionsQueryOptions());
}
