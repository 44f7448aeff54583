import { describe, expect, it } from 'vitest';
import { deriveCategory, statusTone } from './transactions';

describe('transaction categories', () => {
  it.each([
    ['Zelle payment to Maria Lopez', 'Zelle'],
    ['Payroll Direct Deposit - Acme Corp', 'Income'],
    ['Interest earned', 'Income'],
    ['Amazon Marketplace purchase', 'Shopping'],
    ['Blue Spruce Cafe', 'Dining'],
    ['Bay Electric Co.', 'Utilities'],
    ['Transfer to Savings', 'Transfer'],
    ['Credit card payment', 'Payment'],
    ['ATM withdrawal', 'Other'],
  ])('files "%s" under %s', (description, category) => {
    expect(deriveCategory(description)).toBe(category);
  });

  it('prefers Zelle over payment when both words appear', () => {
    expect(deriveCategory('Zelle payment received')).toBe('Zelle');
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
