import { cryptoPortfolio, type CryptoHolding, type CryptoPortfolio } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Holding = CryptoHolding;
export type Portfolio = CryptoPortfolio;

export const REFRESH_MS = 30_000;

export async function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  const { data } = await api.get<unknown>('/crypto/portfolio', { signal });
  return cryptoPortfolio.shape.data.parse(data);
}

export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: ['crypto', 'portfolio'] as const,
    queryFn: ({ signal }) => getPortfolio(signal),
  });

export function usePortfolio() {
  return useQuery({ ...portfolioQueryOptions(), refetchInterval: REFRESH_MS });
}
