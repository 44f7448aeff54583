import { cryptoTransactionList, type CryptoTransactionView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CryptoTransaction = CryptoTransactionView;

export const CRYPTO_TX_LIMIT = 20;

export async function getCryptoTransactions(signal?: AbortSignal): Promise<CryptoTransaction[]> {
  const { data } = await api.get<unknown>('/crypto/transactions', {
    signal,
    query: { limit: CRYPTO_TX_LIMIT },
  });
  return cryptoTransactionList.shape.data.parse(data).transactions;
}

export const cryptoTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'transactions'] as const,
    queryFn: ({ signal }) => getCryptoTransactions(signal),
  });

export function useCryptoTransactions() {
  return useQuery(cryptoTransactionsQueryOptions());
}
