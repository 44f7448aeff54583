import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { pricesRefreshed } from '../given-events.ts';
import { insightsProjection } from './projection.ts';

const { givenEvents } = projectionTest(insightsProjection, { sharedDatabase: true });

const refreshed = (asOf: string, btcCents: number) =>
  pricesRefreshed(asOf, { BTC: btcCents, ETH: 3_000_00 });

describe('insights projection', () => {
  it('keeps each coin’s last price of each bank (New York) day, whatever order refreshes arrive in', async () => {
    await givenEvents([
      refreshed('2025-01-10T15:00:00.000Z', 60_000_00),
      // 23:00 in New York on the 10th: still that bank day, and its last price.
      refreshed('2025-01-11T04:00:00.000Z', 61_000_00),
      // An earlier refresh arriving late changes nothing.
      refreshed('2025-01-10T20:00:00.000Z', 59_000_00),
      refreshed('2025-01-11T15:00:00.000Z', 62_000_00),
    ]).thenRows(
      'rm_crypto_price_days',
      [
        { symbol: 'BTC', day: '2025-01-10', price_cents: 61_000_00 },
        { symbol: 'BTC', day: '2025-01-11', price_cents: 62_000_00 },
        { symbol: 'ETH', day: '2025-01-10', price_cents: 3_000_00 },
        { symbol: 'ETH', day: '2025-01-11', price_cents: 3_000_00 },
      ],
      { orderBy: 'symbol, day' },
    );
  });
});
