import { describe, expect, it } from 'vitest';
import { receiptReturnOf } from './receipt-link';

describe('a receipt’s way back', () => {
  it('is the page it was opened from, by name', () => {
    expect(
      receiptReturnOf({ receiptReturn: { href: '/bill-pay?tab=history', label: 'Bill Pay' } }),
    ).toEqual({ href: '/bill-pay?tab=history', label: 'Bill Pay' });
  });

  it('is nothing for other state, or for an address outside the app', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { receiptReturn: null },
      { receiptReturn: { href: '/zelle' } },
      { receiptReturn: { href: 42, label: 'Zelle' } },
      { receiptReturn: { href: '//evil.example/x', label: 'Zelle' } },
      { receiptReturn: { href: 'https://evil.example/', label: 'Zelle' } },
      { receiptReturn: { href: 'javascript:alert(1)', label: 'Zelle' } },
    ]) {
      expect(receiptReturnOf(state)).toBeNull();
    }
  });
});
