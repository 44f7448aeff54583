import { describe, expect, it } from 'vitest';
import { amountText, centsOf } from './cents';

describe('dollar amounts by whole cents', () => {
  it('reads decimal text and JSON numbers as cents', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf(1500.5)).toBe(150050);
    expect(centsOf(0.1 + 0.2)).toBe(30);
  });

  it('writes an amount with its cents, as an amount field shows it', () => {
    expect(amountText(1500.5)).toBe('1500.50');
    expect(amountText(5000)).toBe('5000.00');
    expect(amountText('0.07')).toBe('0.07');
    expect(amountText(0.1 + 0.2)).toBe('0.30');
    expect(amountText(0)).toBe('0.00');
  });
});
