import { describe, expect, it } from 'vitest';
import { totalBalance } from './accounts';
import { amountText, centsOf, centsText, plainAmount, scaledUnits } from './cents';

describe('dollar amounts by whole cents', () => {
  it('reads decimal text and JSON numbers as cents', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf(1500.5)).toBe(150050);
    expect(centsOf(0.1 + 0.2)).toBe(30);
  });

  it('keeps the sign of an amount below zero', () => {
    expect(centsOf('-12.50')).toBe(-1250);
    expect(centsOf(-12.5)).toBe(-1250);
    expect(centsOf(-0.07)).toBe(-7);
  });

  it('reads finer amounts by their digits too', () => {
    expect(scaledUnits(0.142317, 6)).toBe(142317);
    expect(scaledUnits('0.00100637', 8)).toBe(100637);
    expect(scaledUnits('1.123456789', 8)).toBe(112345678);
  });

  it('adds balances up by whole cents, overdrawn ones included', () => {
    expect(totalBalance(Array.from({ length: 10 }, () => ({ balance: 0.1 })))).toBe(1);
    expect(totalBalance([{ balance: 1500.5 }, { balance: -12.5 }, { balance: 0.07 }])).toBe(
      1488.07,
    );
  });

  it('writes an amount with its cents, as an amount field shows it', () => {
    expect(amountText(1500.5)).toBe('1500.50');
    expect(amountText(5000)).toBe('5000.00');
    expect(amountText('0.07')).toBe('0.07');
    expect(amountText(0.1 + 0.2)).toBe('0.30');
    expect(amountText(0)).toBe('0.00');
  });

  it('writes signed cents as dollars, below zero too', () => {
    expect(centsText(-4210)).toBe('-42.10');
    expect(centsText(-7)).toBe('-0.07');
    expect(centsText(250000)).toBe('2500.00');
    expect(centsText(0)).toBe('0.00');
  });
});

describe('a dollar amount as typed', () => {
  it('takes a leading "$" and thousands separators in their places', () => {
    expect(plainAmount('20000')).toBe('20000');
    expect(plainAmount('$20,000')).toBe('20000');
    expect(plainAmount(' $ 1,234,567.5 ')).toBe('1234567.5');
    expect(plainAmount('$0.99')).toBe('0.99');
    expect(plainAmount('999')).toBe('999');
  });

  it('refuses junk, misplaced separators and more than 2 decimals', () => {
    for (const text of [
      '',
      'abc',
      '$',
      '12.345',
      '2,00',
      '20,0000',
      ',000',
      '1,000,',
      '-5',
      '$-5',
      '5$',
      '1.2.3',
      '20000.',
    ])
      expect(plainAmount(text), text).toBeNull();
  });
});
