import type { Posting } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { alertsFor, type AlertContext } from './alerts.ts';

const accountId = '00000000-0000-4000-8000-000000000001';
const posting = (amount: number, extra: Partial<Posting> = {}): Posting => ({
  accountId,
  entryId: '00000000-0000-4000-8000-000000000002',
  amount,
  description: 'Shop',
  kind: 'card_purchase',
  contra: 'clearing:card',
  reference: 'TXN-1',
  ...extra,
});
const context = (beforeCents: number, afterCents: number): AlertContext => ({
  customerId: '00000000-0000-4000-8000-000000000003',
  accountId,
  accountName: 'Premium Checking',
  beforeCents,
  afterCents,
  ownTransfer: false,
  lowBalanceCents: 100_00,
  lowBalanceAccountId: null,
  largeTransactionCents: null,
  cardAbroad: true,
});

describe('alerts of one posting', () => {
  it('raise a low balance exactly once per downward crossing, over random sequences', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run += 1) {
      let balance = Math.floor(random() * 300_00);
      let crossings = 0;
      let raised = 0;
      for (let step = 0; step < 40; step += 1) {
        const amount = 1 + Math.floor(random() * 80_00);
        const direction = random() < 0.5 ? 'credit' : 'debit';
        const after = direction === 'credit' ? balance + amount : balance - amount;
        if (balance >= 100_00 && after < 100_00) crossings += 1;
        raised += alertsFor(posting(amount), direction, context(balance, after)).filter(
          (a) => a.suffix === 'alert:low-balance',
        ).length;
        balance = after;
      }
      expect(raised).toBe(crossings);
    }
  });

  it('see a card abroad only on a card purchase with a foreign country', () => {
    const abroad = (extra: Partial<Posting>, direction: 'credit' | 'debit' = 'debit') =>
      alertsFor(posting(5_00, extra), direction, context(500_00, 495_00)).map((a) => a.suffix);
    expect(abroad({ metadata: { merchant_country: 'fr' } })).toEqual(['alert:card-abroad']);
    expect(abroad({ metadata: { merchant_country: 'US' } })).toEqual([]);
    expect(abroad({})).toEqual([]);
    expect(abroad({ metadata: { merchant_country: 'FR' }, kind: 'transfer' })).toEqual([]);
    expect(abroad({ metadata: { merchant_country: 'FR' } }, 'credit')).toEqual([]);
  });
});
