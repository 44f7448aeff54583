import { describe, expect, it } from 'vitest';
import { statusTone, transactionCategory, type Transaction } from './transactions';

describe('transaction categories', () => {
  const tx = (extra: Partial<Transaction>): Transaction => ({
    id: 1,
    type: 'debit',
    description: 'Shell Gas Station',
    amount: -48.1,
    date: '2026-01-02T00:00:00.000Z',
    status: 'completed',
    ...extra,
  });

  it('shows the category the server sends, not a guess from the description', () => {
    expect(transactionCategory(tx({ category: 'fuel', category_label: 'Gas & fuel' }))).toEqual({
      key: 'fuel',
      label: 'Gas & fuel',
      isCustom: false,
    });
    expect(
      transactionCategory(
        tx({ category: 'travel', category_label: 'Travel', category_is_custom: true }),
      ),
    ).toEqual({ key: 'travel', label: 'Travel', isCustom: true });
  });

  it('says Other when the server sent no category', () => {
    expect(transactionCategory(tx({}))).toEqual({ key: 'other', label: 'Other', isCustom: false });
  });
});

describe('transaction status colours', () => {
  it('shows completed green, pending yellow, processing blue and anything else gray', () => {
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('processing')).toBe('info');
    expect(statusTone('failed')).toBe('neutral');
    expect(statusTone(undefined)).toBe('neutral');
  });
});
