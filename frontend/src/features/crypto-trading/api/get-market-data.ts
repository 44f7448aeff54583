import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFRESH_MS } from './get-portfolio';

export type MarketItem = {
  symbol: string;
  name: string;
  price: number;
  /** What the bank buys at (sales) and sells at (purchases); absent before the first refresh. */
  bid?: number | null;
  ask?: number | null;
  change24h: number;
  volume: number;
  market_cap: number;
};

export async function getMarketData(signal?: AbortSignal): Promise<MarketItem[]> {
  const { data } = await api.get<{ market_data: MarketItem[] }>('/crypto/market-data', { signal });
  return data?.market_data ?? [];
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
