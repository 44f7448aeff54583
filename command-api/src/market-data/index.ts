import type { MarketDataProvider } from './provider.ts';
import { simulatedFeed } from './simulated-feed.ts';

export type { MarketDataProvider, TradeQuote } from './provider.ts';
export {
  simulatedFeed,
  createSimulatedFeed,
  BUCKET_MS,
  HALF_SPREAD_BPS,
  MAX_STEP_PPM,
} from './simulated-feed.ts';

let current: MarketDataProvider = simulatedFeed;

/** The provider trades and the refresh job use: the simulated feed unless another is installed. */
export function marketData(): MarketDataProvider {
  return current;
}

/** Installs another provider (a licensed feed, or a fixed-price one in tests). */
export function useMarketDataProvider(provider: MarketDataProvider): void {
  current = provider;
}
