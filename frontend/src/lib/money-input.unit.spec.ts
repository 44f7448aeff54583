import { describe, expect, it } from 'vitest';
import { plainAmount } from './money-input';

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
