import { describe, expect, it } from 'vitest';
import { alreadyBelow, thresholdError } from './alerts-form';

const accounts = [
  { id: 'a', balance: 1390.8 },
  { id: 'b', balance: 12_000 },
  { id: 'c', balance: -5 },
];
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('a low-balance amount some balances are already below', () => {
  it('names the chosen accounts already below it, by whole cents', () => {
    expect(ids(alreadyBelow(accounts, '1400', ''))).toEqual(['a', 'c']);
    expect(ids(alreadyBelow(accounts, '1,390.81', 'a'))).toEqual(['a']);
    expect(ids(alreadyBelow(accounts, '$1,390.81', 'a'))).toEqual(['a']);
    expect(ids(alreadyBelow(accounts, '1390.80', 'a'))).toEqual([]);
    expect(ids(alreadyBelow(accounts, '1400', 'b'))).toEqual([]);
    expect(ids(alreadyBelow(accounts, '20000', ''))).toEqual(['a', 'b', 'c']);
  });

  it('says nothing for an amount that is not one', () => {
    for (const text of ['', 'abc', '12.345', '0', '-5', '99999999']) {
      expect(alreadyBelow(accounts, text, '')).toEqual([]);
    }
  });
});

describe('an alert amount as typed', () => {
  it('takes dollars written with a dollar sign or commas, as the savings goal does', () => {
    for (const text of ['100', '$100', '$ 2,500.00', ' 99.50 '])
      expect(thresholdError(text)).toBe(true);
  });

  it('refuses what is not an amount in dollars and cents', () => {
    for (const text of ['$', '100$', '$$5', '1e3', '12.345']) {
      expect(thresholdError(text)).not.toBe(true);
    }
  });
});
