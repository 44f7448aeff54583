import { describe, expect, it } from 'vitest';
import { DAILY_LIMITS, Model } from './model.ts';
import { Prng } from '@bank/infra/testing';
import { referenceOf } from './runner.ts';

describe('simulation parts', () => {
  it('replays the same choices for the same seed, and others for another', () => {
    const draw = (seed: number) => {
      const rng = new Prng(seed);
      return Array.from({ length: 20 }, () => [rng.int(1, 1000), rng.key()]);
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const rng = new Prng(7);
    const ints = Array.from({ length: 1000 }, () => rng.int(5, 9));
    expect(new Set(ints)).toEqual(new Set([5, 6, 7, 8, 9]));
  });

  it('flags a channel used past its daily limit, and not one used up to it', () => {
    const model = new Model();
    const at = new Date('2026-11-25T15:00:00Z');
    const limit = DAILY_LIMITS['external-bank']!;
    model.apply([{ type: 'limit', customerId: 'c1', channel: 'external-bank', cents: limit }], at);
    expect(model.limitsExceeded()).toEqual([]);
    model.apply([{ type: 'limit', customerId: 'c1', channel: 'external-bank', cents: 1 }], at);
    expect(model.limitsExceeded()).toEqual([
      `external-bank limit exceeded for customer c1 on 2026-11-25: ${limit + 1} cents acknowledged, limit ${limit}`,
    ]);
    // Bill pay is held to $10,000 a day.
    model.apply([{ type: 'limit', customerId: 'c2', channel: 'bill-pay', cents: 10_000_01 }], at);
    expect(model.limitsExceeded()).toHaveLength(2);
  });

  it('adds up available balances and coins per account and customer', () => {
    const model = new Model();
    const at = new Date();
    model.apply(
      [
        { type: 'available', accountId: 'a', cents: 500 },
        { type: 'available', accountId: 'a', cents: -200 },
        { type: 'coins', customerId: 'c', symbol: 'BTC', units: 7 },
        { type: 'inflow', cents: 500 },
      ],
      at,
    );
    expect(model.available.get('a')).toBe(300);
    expect(model.coins.get('c|BTC')).toBe(7);
    expect(model.inflowCents).toBe(500);
  });

  it('reads the reference of each kind of acknowledgement', () => {
    const reply = (data: unknown) => ({ status: 201, body: { data }, replayed: false });
    expect(referenceOf(reply({ transfer: { id: 't', reference_number: 'TRF-1' } }))).toBe('TRF-1');
    expect(referenceOf(reply({ transaction: { id: 'w' } }))).toBe('w');
    expect(referenceOf(reply({ payment: { id: 'p', reference_number: null } }))).toBe('p');
    expect(
      referenceOf(reply({ requests: [{ reference_number: 'Z1' }, { reference_number: 'Z2' }] })),
    ).toBe('Z1,Z2');
    expect(referenceOf(reply({ account_id: 'x', reference_number: 'DEP-1' }))).toBe('DEP-1');
  });
});
