import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Holding = {
  id: string;
  symbol: string;
  name: string;
  balance: number;
  /** Deposit claims waiting for review: shown, never spendable, not in the value. */
  pending_balance?: number;
  current_value: number;
  current_price: number | null;
  change_24h: number;
};

export type Portfolio = { portfolio: Holding[]; total_value: number; asset_count?: number };

export const REFRESH_MS = 30_000;

export async function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  const { data } = await api.get<Portfolio>('/crypto/portfolio', { signal });
  return {
    portfolio: data?.portfolio ?? [],
    total_value: Number(data?.total_value ?? 0),
    asset_count: data?.asset_count,
  };
}

export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'portfolio'] as const,
    queryFn: ({ signal }) => getPortfolio(signal),
  });

export function usePortfolio() {
  return useQuery({ ...portfolioQueryOptions(), refetchInterval: REFRESH_MS });
}
