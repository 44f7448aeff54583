import { cryptoSymbols, type CryptoSymbol } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { buyQuote, sellQuote } from '../domain/crypto/pricing.ts';
import { BUCKET_MS, createSimulatedFeed, HALF_SPREAD_BPS } from './simulated-feed.ts';

const secret = (n: number) => Buffer.from(`test secret ${n}`);
const at = (bucket: number) => new Date(bucket * BUCKET_MS + 1_000);
const START = Math.floor(Date.parse('2026-11-25T00:00:00Z') / BUCKET_MS);

/** Dollars back from spending `cents` on `symbol` at one quote's ask and selling at another's bid. */
function roundTrip(cents: number, askMicroUsd: number, bidMicroUsd: number): number {
  const bought = buyQuote(cents, askMicroUsd);
  return bought.units === 0 ? 0 : sellQuote(bought.units, bidMicroUsd).netCents;
}

describe('simulated market feed', () => {
  it('never lets a buy and a sale in the same or the next 30 s bucket gain', async () => {
    for (let s = 0; s < 3; s += 1) {
      const feed = createSimulatedFeed(secret(s));
      for (let bucket = START; bucket < START + 400; bucket += 1) {
        const now = await feed.quotes(at(bucket));
        const next = await feed.quotes(at(bucket + 1));
        for (const [i, quote] of now.entries()) {
          for (const cents of [100, 10_000, 2_500_000_00]) {
            expect(roundTrip(cents, quote.askMicroUsd, quote.bidMicroUsd)).toBeLessThan(cents);
            expect(roundTrip(cents, quote.askMicroUsd, next[i]!.bidMicroUsd)).toBeLessThan(cents);
          }
        }
      }
    }
  });

  it('no longer pays off the old DOGE trade: buying before a step and selling after it', async () => {
    const feed = createSimulatedFeed(secret(7));
    let best = -Infinity;
    for (let bucket = START; bucket < START + 2_880; bucket += 1) {
      const buy = await feed.quote('DOGE', at(bucket));
      const sell = await feed.quote('DOGE', at(bucket + 1));
      best = Math.max(best, roundTrip(10_000_00, buy.askMicroUsd, sell.bidMicroUsd) - 10_000_00);
    }
    expect(best).toBeLessThan(0);
  });

  it('quotes a spread around the mid, finer than a cent for cheap coins', async () => {
    const feed = createSimulatedFeed(secret(1));
    for (const q of await feed.quotes(at(START))) {
      expect(q.bidMicroUsd).toBeLessThan(q.priceMicroUsd);
      expect(q.askMicroUsd).toBeGreaterThan(q.priceMicroUsd);
      const spreadBps = ((q.askMicroUsd - q.bidMicroUsd) * 10_000) / q.priceMicroUsd;
      expect(spreadBps).toBeGreaterThanOrEqual(2 * HALF_SPREAD_BPS - 0.01);
      for (const price of [q.priceMicroUsd, q.bidMicroUsd, q.askMicroUsd]) {
        expect(Number.isSafeInteger(price)).toBe(true);
      }
    }
    const doge = new Set<number>();
    for (let bucket = START; bucket < START + 50; bucket += 1) {
      doge.add((await feed.quote('DOGE', at(bucket))).priceMicroUsd);
    }
    // DOGE moves in steps smaller than a cent: many distinct prices inside a few cents' range.
    expect(doge.size).toBeGreaterThan(40);
    expect([...doge].some((p) => p % 10_000 !== 0)).toBe(true);
  });

  it('cannot be predicted without the server secret', async () => {
    const a = createSimulatedFeed(secret(1));
    const b = createSimulatedFeed(secret(2));
    const again = createSimulatedFeed(secret(1));
    let differ = 0;
    for (let bucket = START; bucket < START + 20; bucket += 1) {
      const [qa, qb, qc] = await Promise.all(
        [a, b, again].map((feed) => feed.quote('BTC', at(bucket))),
      );
      expect(qc).toEqual(qa); // processes sharing a secret agree
      if (qa!.priceMicroUsd !== qb!.priceMicroUsd) differ += 1;
    }
    expect(differ).toBe(20);
  });

  it('keeps stablecoins at $1.00 and every coin within half and one and a half its base', async () => {
    const feed = createSimulatedFeed(secret(3));
    const first = new Map<CryptoSymbol, number>();
    for (let bucket = START; bucket < START + 3_000; bucket += 97) {
      for (const q of await feed.quotes(at(bucket))) {
        if (!first.has(q.symbol)) first.set(q.symbol, q.priceMicroUsd);
        if (q.symbol === 'USDC' || q.symbol === 'USDT') expect(q.priceMicroUsd).toBe(1_000_000);
        expect(q.priceCents).toBeGreaterThan(0);
        expect(Number.isSafeInteger(q.marketCapDollars)).toBe(true);
      }
    }
    expect([...first.keys()]).toEqual([...cryptoSymbols]);
  });
});
