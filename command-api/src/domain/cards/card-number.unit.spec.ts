import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  expiryDate,
  formatCardNumber,
  generateCardNumber,
  generateCvv,
  luhnCheckDigit,
  maskCardNumber,
  networkOf,
  passesLuhn,
} from './card-number.ts';

describe('card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });

  it.each(['visa', 'mastercard'] as const)(
    'generates 16-digit %s numbers valid by Luhn with the network prefix',
    (network) => {
      for (let i = 0; i < 500; i += 1) {
        const number = generateCardNumber(network, randomInt);
        expect(number).toMatch(/^\d{16}$/);
        expect(passesLuhn(number)).toBe(true);
        expect(networkOf(number)).toBe(network);
      }
    },
  );

  it('gives a 3-digit CVV, an MM/YY expiry and display forms', () => {
    expect(generateCvv(randomInt)).toMatch(/^\d{3}$/);
    expect(expiryDate(new Date('2026-03-15T00:00:00Z'), 4)).toBe('03/30');
    expect(formatCardNumber('4859321234567890')).toBe('4859 3212 3456 7890');
    expect(maskCardNumber('7890')).toBe('**** **** **** 7890');
  });
});
