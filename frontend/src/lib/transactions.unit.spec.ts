import { describe, expect, it } from 'vitest';
import { transaction as tx } from '@/testing/fixtures';
import { statusTone, transactionCategory } from './transactions';

describe('transaction categories', () => {
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
