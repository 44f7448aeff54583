import { ZELLE_MESSAGES } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_MESSAGE } from '../domain/transfers/limits.ts';
import { amountCents, decimalText, DECIMALS_MESSAGE, FormErrors } from './money-input.ts';

const MIN = 'Please enter an amount of at least $5.00';

/** The messages an amount gets, with and without a maximum of its own (a transfer's is the day's). */
function messagesFor(value: unknown, max?: { maxCents: number; maxMessage: string }) {
  const errors = new FormErrors();
  const cents = amountCents(errors, 'amount', value, { minCents: 500, minMessage: MIN, ...max });
  return { cents, messages: errors.errors.amount ?? [] };
}

const ZELLE_MAX = { maxCents: 5_000_00, maxMessage: ZELLE_MESSAGES.amountMax };

describe('amountCents', () => {
  it('reads numbers and numeric text as cents', () => {
    expect(messagesFor(12.5)).toEqual({ cents: 1250, messages: [] });
    expect(messagesFor(' 12.50 ')).toEqual({ cents: 1250, messages: [] });
    expect(messagesFor(4999, ZELLE_MAX)).toEqual({ cents: 499_900, messages: [] });
  });

  it('gives a well-written but huge amount the limit message, never a rounded amount', () => {
    for (const huge of [1e15, 1e13, 1e21, '1000000000000000', '10000000000000']) {
      expect(messagesFor(huge, ZELLE_MAX), String(huge)).toEqual({
        cents: 0,
        messages: [ZELLE_MESSAGES.amountMax],
      });
      // A transfer has no maximum of its own: the daily limit, which a merely large one meets.
      expect(messagesFor(huge).messages, String(huge)).toEqual([DAILY_LIMIT_MESSAGE]);
    }
    // Merely too large, for comparison: the same message.
    expect(messagesFor(1_000_000_000_000, ZELLE_MAX).messages).toEqual([ZELLE_MESSAGES.amountMax]);
  });

  it('keeps the format message for junk, and the minimum for negatives and zero', () => {
    for (const junk of ['1e', 'NaN', 'Infinity', '--5', '0x10', '1.234', Number.NaN, 1.234]) {
      expect(messagesFor(junk, ZELLE_MAX).messages, String(junk)).toEqual([DECIMALS_MESSAGE]);
    }
    for (const small of [-5, '-5', 0, '0.00', undefined, '']) {
      expect(messagesFor(small).messages, String(small)).toEqual([MIN]);
    }
  });
});

describe('decimalText', () => {
  it('reads plain decimals, trailing zeros past the cents included', () => {
    expect(decimalText('12')).toBe(12);
    expect(decimalText(' 12.50 ')).toBe(12.5);
    expect(decimalText('12.500000')).toBe(12.5);
    expect(decimalText('9999999999999.99')).toBe(9999999999999.99);
    expect(decimalText(7)).toBe(7);
  });

  it('refuses a digit past the cents, however far, rather than let a float round it away', () => {
    // 100.000000000000001 read as a float is 100: bill pay scheduled $100.00 for it.
    for (const text of [
      '100.000000000000001',
      '12.345',
      '12345678901.0000001',
      '9999999999999.0001',
    ]) {
      expect(decimalText(text), text).toBeNaN();
    }
  });

  it('refuses what is not plain decimals', () => {
    for (const text of ['1e3', '0x10', '-5', '+5', '.5', '5.', 'Infinity', '1_000', '']) {
      expect(decimalText(text), text).toBeNaN();
    }
  });
});
