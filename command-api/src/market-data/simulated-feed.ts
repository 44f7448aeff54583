import { createHash } from 'node:crypto';
import { cryptoSymbols, type CryptoQuote, type CryptoSymbol } from '@bank/events';
import type { MarketDataProvider } from './provider.ts';

/**
 * SIMULATED market data, not real prices: the bank has no market-data licence in this build. The
 * price of a coin is a pure function of its symbol and the 30-second bucket of time, so every
 * process (and every test) sees the same price at the same moment, and a trade executes at the
 * price the market tab showed in that bucket:
 *
 *   price = base × (1 + wave + noise), in basis points, rounded to the cent (at least 1 cent)
 *   wave  = a triangle wave of ±volatility over one day, phase-shifted per symbol
 *   noise = ±volatility/4, from a hash of (symbol, bucket)
 *
 * Stablecoins have no volatility and stay at $1.00. Volume and market cap are derived the same way
 * (whole dollars). change24h compares with the price 24 hours earlier.
 */
export const BUCKET_MS = 30_000;
const BUCKETS_PER_DAY = (24 * 3600 * 1000) / BUCKET_MS;

interface Profile {
  baseCents: number;
  /** Peak deviation from the base, in basis points. */
  volatilityBps: number;
  supply: number;
  volumeDollars: number;
}

const profiles: Record<CryptoSymbol, Profile> = {
  BTC: { baseCents: 65_000_00, volatilityBps: 400, supply: 19_700_000, volumeDollars: 28e9 },
  ETH: { baseCents: 3_400_00, volatilityBps: 500, supply: 120_000_000, volumeDollars: 14e9 },
  BNB: { baseCents: 580_00, volatilityBps: 450, supply: 150_000_000, volumeDollars: 1.6e9 },
  ADA: { baseCents: 45, volatilityBps: 700, supply: 35_000_000_000, volumeDollars: 4e8 },
  SOL: { baseCents: 150_00, volatilityBps: 700, supply: 450_000_000, volumeDollars: 2.5e9 },
  USDC: { baseCents: 1_00, volatilityBps: 0, supply: 33_000_000_000, volumeDollars: 6e9 },
  USDT: { baseCents: 1_00, volatilityBps: 0, supply: 110_000_000_000, volumeDollars: 45e9 },
  DOGE: { baseCents: 15, volatilityBps: 900, supply: 144_000_000_000, volumeDollars: 1e9 },
  DOT: { baseCents: 7_00, volatilityBps: 600, supply: 1_400_000_000, volumeDollars: 2e8 },
  MATIC: { baseCents: 70, volatilityBps: 800, supply: 9_300_000_000, volumeDollars: 3e8 },
};

function hashInt(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Triangle wave in [-amplitude, amplitude] with period BUCKETS_PER_DAY, integers only. */
function wave(bucket: number, phase: number, amplitude: number): number {
  const period = BUCKETS_PER_DAY;
  const t = (((bucket + phase) % period) + period) % period;
  const half = period / 2;
  const rising = t < half ? t : period - t; // 0..half
  return Math.round((amplitude * (4 * rising - period)) / period);
}

export function simulatedPriceCents(symbol: CryptoSymbol, bucket: number): number {
  const p = profiles[symbol];
  if (p.volatilityBps === 0) return p.baseCents;
  const phase = hashInt(`phase:${symbol}`) % BUCKETS_PER_DAY;
  const noiseRange = Math.floor(p.volatilityBps / 4);
  const noise = (hashInt(`noise:${symbol}:${bucket}`) % (2 * noiseRange + 1)) - noiseRange;
  const bps = 10_000 + wave(bucket, phase, p.volatilityBps) + noise;
  const cents = Number((BigInt(p.baseCents) * BigInt(bps) + 5_000n) / 10_000n);
  return Math.max(1, cents);
}

function simulatedQuote(symbol: CryptoSymbol, bucket: number): CryptoQuote {
  const p = profiles[symbol];
  const price = simulatedPriceCents(symbol, bucket);
  const dayAgo = simulatedPriceCents(symbol, bucket - BUCKETS_PER_DAY);
  const volumeFactor = 90 + (hashInt(`volume:${symbol}:${bucket}`) % 21); // 90..110 %
  return {
    symbol,
    priceCents: price,
    change24hBps: Math.trunc(((price - dayAgo) * 10_000) / dayAgo),
    volume24hDollars: Math.round((p.volumeDollars * volumeFactor) / 100),
    marketCapDollars: Number((BigInt(p.supply) * BigInt(price)) / 100n),
  };
}

export function bucketOf(at: Date): number {
  return Math.floor(at.getTime() / BUCKET_MS);
}

export const simulatedFeed: MarketDataProvider = {
  name: 'simulated',
  async quotes(at) {
    const bucket = bucketOf(at);
    return cryptoSymbols.map((symbol) => simulatedQuote(symbol, bucket));
  },
  async quote(symbol, at) {
    return simulatedQuote(symbol, bucketOf(at));
  },
};
