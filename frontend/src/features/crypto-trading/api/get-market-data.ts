import { cryptoMarket, type CryptoMarketItem } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFRESH_MS } from './get-portfolio';

export type MarketItem = CryptoMarketItem;

export async function getMarketData(signal?: AbortSignal): Promise<MarketItem[]> {
  const { data } = await api.get<unknown>('/crypto/market-data', { signal });
  return cryptoMarket.shape.data.parse(data).market_data;
}

export const marketDataQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'market'] as const,
    queryFn: ({ signal }) => getMarketData(signal),
  });

/** Market data refreshes every 30 s. */
export function useMarketData() {
  return useQuery({ ...marketDataQueryOptions(), refetchInterval: REFRESH_MS });
}
