import { describe, expect, it } from 'vitest';
import { accountById } from './accounts';

const checking = { id: '12', name: 'Checking' };
const savings = { id: '7', name: 'Savings' };
const accounts = [checking, savings];

describe('accountById', () => {
  it('finds the account whose id the text names', () => {
    expect(accountById(accounts, '7')).toBe(savings);
    expect(accountById(accounts, '12')).toBe(checking);
  });

  it('finds it by a numeric id too', () => {
    expect(accountById(accounts, 12)).toBe(checking);
  });

  it('compares whole ids, not a part of one', () => {
    expect(accountById(accounts, '1')).toBeUndefined();
    expect(accountById(accounts, '07')).toBeUndefined();
  });

  it('finds nothing for no id or an id of no account', () => {
    expect(accountById(accounts, '')).toBeUndefined();
    expect(accountById(accounts, null)).toBeUndefined();
    expect(accountById(accounts, undefined)).toBeUndefined();
    expect(accountById(accounts, '99')).toBeUndefined();
  });

  it('finds nothing while the accounts are not loaded', () => {
    expect(accountById(undefined, '12')).toBeUndefined();
    expect(accountById([], '12')).toBeUndefined();
  });

  it('keeps the type of the list it was given', () => {
    const found: { id: string; name: string } | undefined = accountById(accounts, '7');
    expect(found?.name).toBe('Savings');
  });
});
