import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  categoryOfMerchantCode,
  defaultCategory,
  isTransactionCategory,
} from './categories.ts';

describe('merchant category codes', () => {
  it.each([
    ['5411', 'groceries'], // Hannaford Supermarket, Whole Foods
    ['5541', 'fuel'], // Shell
    ['5542', 'fuel'],
    ['5983', 'fuel'],
    ['5812', 'dining'],
    ['5814', 'dining'],
    ['4899', 'subscriptions'], // Netflix
    ['5815', 'subscriptions'],
    ['4900', 'utilities'],
    ['4814', 'utilities'],
    ['5999', 'shopping'],
    ['5311', 'shopping'],
    ['5912', 'health'],
    ['8011', 'health'],
    ['3001', 'travel'],
    ['7011', 'travel'],
    ['1520', 'other'],
    ['abcd', 'other'],
    [undefined, 'other'],
    [5411, 'other'],
  ])('files %s under %s', (code, category) => {
    expect(categoryOfMerchantCode(code)).toBe(category);
  });
});

describe('default categories by source', () => {
  const debit = (kind: string, extra: object = {}) => ({
    direction: 'debit' as const,
    kind,
    ...extra,
  });
  it('uses the merchant code for card purchases, never the description', () => {
    expect(
      defaultCategory(debit('card_purchase', { metadata: { merchant_category_code: '5541' } })),
    ).toBe('fuel');
    expect(
      defaultCategory(debit('card_purchase', { metadata: { merchant_category_code: '5411' } })),
    ).toBe('groceries');
    expect(defaultCategory(debit('card_purchase'))).toBe('other');
  });

  it("files a disputed charge's refund where the charge was", () => {
    expect(
      defaultCategory({
        direction: 'credit',
        kind: 'dispute_refund',
        metadata: { merchant_category_code: '5812' },
      }),
    ).toBe('dining');
  });

  it('files transfers, bills, income and the rest by what kind of movement they are', () => {
    expect(defaultCategory(debit('transfer'))).toBe('transfers');
    expect(defaultCategory(debit('external'))).toBe('transfers');
    expect(defaultCategory(debit('external-bank'))).toBe('transfers');
    expect(defaultCategory(debit('sepa'))).toBe('transfers');
    expect(defaultCategory(debit('zelle'))).toBe('zelle');
    expect(defaultCategory(debit('bill_payment'))).toBe('bills');
    expect(defaultCategory(debit('fee'))).toBe('fees');
    expect(defaultCategory(debit('crypto'))).toBe('crypto');
    expect(defaultCategory({ direction: 'credit', kind: 'interest' })).toBe('interest');
    expect(defaultCategory({ direction: 'credit', kind: 'deposit', contra: 'cash:teller' })).toBe(
      'deposits',
    );
    expect(
      defaultCategory({ direction: 'credit', kind: 'deposit', contra: 'clearing:external' }),
    ).toBe('income');
    expect(defaultCategory(debit('something-new'))).toBe('other');
  });

  it('knows its own keys and labels', () => {
    expect(isTransactionCategory('fuel')).toBe(true);
    expect(isTransactionCategory('toString')).toBe(false);
    expect(categoryLabel('fuel')).toBe('Gas & fuel');
  });
});
