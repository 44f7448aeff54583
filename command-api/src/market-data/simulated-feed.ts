import { createHmac, randomBytes } from 'node:crypto';
import { MICRO_USD_PER_CENT, cryptoSymbols, type CryptoSymbol } from '@bank/events';
import type { MarketDataProvider, TradeQuote } from './provider.ts';

/**
 * SIMULATED market data, not real prices: the bank has no market-data licence in this build.
 *
 * Each coin's price is a random walk keyed by a server secret, so nobody outside the server can
 * work out the next price from the symbol and the time:
 *
 *   offset(bucket) = step(bucket) + step(bucket − 1) + … + step(bucket − WINDOW + 1)   (ppm of base)
 *   step(bucket)   = uniform in ±stepPpm, from HMAC-SHA256(secret, symbol:bucket)
 *   mid            = base × (1 + offset), in millionths of a dollar, offset clamped to ±50 %
 *
 * A sliding sum moves by at most 2 × stepPpm from one 30-second bucket to the next, and every
 * coin's largest move is smaller than what a round trip costs (the spread plus two 1 % fees), so
 * buying in one bucket and selling in the next never gains. The bank sells at the ask (mid plus
 * HALF_SPREAD_BPS, rounded up) and buys at the bid (mid less HALF_SPREAD_BPS, rounded down).
 * Stablecoins stay at $1.00 mid. Processes that serve the same bank share MARKET_FEED_SECRET.
 */
export const BUCKET_MS = 30_000;
const BUCKETS_PER_DAY = (24 * 3600 * 1000) / BUCKET_MS;
/** Buckets summed into the walk: two hours. */
const WINDOW = 240;
const PPM = 1_000_000;
/** The walk stays within half and one and a half times the base price. */
const MAX_OFFSET_PPM = 500_000;
export const HALF_SPREAD_BPS = 25;
const SUMS_KEPT = 4_096;

interface Profile {
  baseMicroUsd: number;
  /** Largest single step of the walk, in parts per million of the base. */
  stepPpm: number;
  supply: number;
  volumeDollars: number;
}

const usd = (dollars: number) => Math.round(dollars * PPM);

const profiles: Record<CryptoSymbol, Profile> = {
  BTC: { baseMicroUsd: usd(65_000), stepPpm: 2_000, supply: 19_700_000, volumeDollars: 28e9 },
  ETH: { baseMicroUsd: usd(3_400), stepPpm: 2_500, supply: 120_000_000, volumeDollars: 14e9 },
  BNB: { baseMicroUsd: usd(580), stepPpm: 2_500, supply: 150_000_000, volumeDollars: 1.6e9 },
  ADA: { baseMicroUsd: usd(0.45), stepPpm: 4_000, supply: 35_000_000_000, volumeDollars: 4e8 },
  SOL: { baseMicroUsd: usd(150), stepPpm: 4_000, supply: 450_000_000, volumeDollars: 2.5e9 },
  USDC: { baseMicroUsd: usd(1), stepPpm: 0, supply: 33_000_000_000, volumeDollars: 6e9 },
  USDT: { baseMicroUsd: usd(1), stepPpm: 0, supply: 110_000_000_000, volumeDollars: 45e9 },
  DOGE: { baseMicroUsd: usd(0.15), stepPpm: 5_000, supply: 144_000_000_000, volumeDollars: 1e9 },
  DOT: { baseMicroUsd: usd(7), stepPpm: 3_500, supply: 1_400_000_000, volumeDollars: 2e8 },
  MATIC: { baseMicroUsd: usd(0.7), stepPpm: 4_500, supply: 9_300_000_000, volumeDollars: 3e8 },
};

/** The largest step any coin takes, in ppm (tests check round trips against it). */
export const MAX_STEP_PPM = Math.max(...Object.values(profiles).map((p) => p.stepPpm));

function secretFromEnvironment(): Buffer {
  const configured = process.env.MARKET_FEED_SECRET ?? process.env.SECRETS_KEY;
  return configured ? Buffer.from(configured) : randomBytes(32);
}

function uniform(secret: Buffer, text: string, range: number): number {
  const n = createHmac('sha256', secret).update(text).digest().readUInt32BE(0);
  return (n % (2 * range + 1)) - range;
}

export interface SimulatedFeed extends MarketDataProvider {
  /** The walk's offset from the base price, in ppm (exposed for tests). */
  offsetPpm(symbol: CryptoSymbol, bucket: number): number;
}

/** A simulated feed keyed by `secret`; the bank's own uses MARKET_FEED_SECRET. */
export function createSimulatedFeed(secret: Buffer = secretFromEnvironment()): SimulatedFeed {
  const step = (symbol: CryptoSymbol, bucket: number) =>
    uniform(secret, `${symbol}:${bucket}`, profiles[symbol].stepPpm);

  // Recent window sums, so that the next bucket's is the last one plus one step less another.
  const sums = new Map<string, number>();
  const windowSum = (symbol: CryptoSymbol, bucket: number): number => {
    const key = `${symbol}:${bucket}`;
    const known = sums.get(key);
    if (known !== undefined) return known;
    const previous = sums.get(`${symbol}:${bucket - 1}`);
    let sum = 0;
    if (previous !== undefined)
      sum = previous + step(symbol, bucket) - step(symbol, bucket - WINDOW);
    else for (let k = 0; k < WINDOW; k += 1) sum += step(symbol, bucket - k);
    if (sums.size >= SUMS_KEPT) sums.delete(sums.keys().next().value!);
    sums.set(key, sum);
    return sum;
  };

  const offsetPpm = (symbol: CryptoSymbol, bucket: number): number => {
    if (profiles[symbol].stepPpm === 0) return 0;
    return Math.max(-MAX_OFFSET_PPM, Math.min(MAX_OFFSET_PPM, windowSum(symbol, bucket)));
  };

  const midMicroUsd = (symbol: CryptoSymbol, bucket: number) =>
    Number(
      (BigInt(profiles[symbol].baseMicroUsd) * BigInt(PPM + offsetPpm(symbol, bucket))) /
        BigInt(PPM),
    );

  const quoteAt = (symbol: CryptoSymbol, bucket: number): TradeQuote => {
    const p = profiles[symbol];
    const mid = midMicroUsd(symbol, bucket);
    const dayAgo = midMicroUsd(symbol, bucket - BUCKETS_PER_DAY);
    const volumeFactor = 90 + ((uniform(secret, `volume:${symbol}:${bucket}`, 10) + 10) % 21);
    return {
      symbol,
      priceCents: Math.max(1, Math.round(mid / MICRO_USD_PER_CENT)),
      priceMicroUsd: mid,
      bidMicroUsd: Math.max(1, Math.floor((mid * (10_000 - HALF_SPREAD_BPS)) / 10_000)),
      askMicroUsd: Math.ceil((mid * (10_000 + HALF_SPREAD_BPS)) / 10_000),
      change24hBps: Math.trunc(((mid - dayAgo) * 10_000) / dayAgo),
      volume24hDollars: Math.round((p.volumeDollars * volumeFactor) / 100),
      marketCapDollars: Number((BigInt(p.supply) * BigInt(mid)) / BigInt(PPM)),
    };
  };

  return {
    name: 'simulated',
    offsetPpm,
    async quotes(at) {
      const bucket = bucketOf(at);
      return cryptoSymbols.map((symbol) => quoteAt(symbol, bucket));
    },
    async quote(symbol, at) {
      return quoteAt(symbol, bucketOf(at));
    },
  };
}

export function bucketOf(at: Date): number {
  return Math.floor(at.getTime() / BUCKET_MS);
}

export const simulatedFeed = createSimulatedFeed();
