import { describe, expect, it } from 'vitest';
import { accountById, accountLabel, lastFour, listedAccountLabel } from './accounts';

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

describe('accountLabel', () => {
  const business = (id: string, number: string) => ({
    id,
    name: 'Business Checking',
    account_name: 'Business Checking',
    account_number: number,
    formatted_account_number: `****${number.slice(-4)}`,
  });

  it('tells two accounts of one name apart by their last four', () => {
    const boatworks = accountLabel(business('b1', '400011118989'));
    const charters = accountLabel(business('b2', '400022224417'));
    expect(boatworks).toBe('Business Checking ••8989');
    expect(charters).toBe('Business Checking ••4417');
    expect(boatworks).not.toBe(charters);
  });

  it('reads the digits of the full number when no masked one is given', () => {
    expect(accountLabel({ ...business('b1', '400011118989'), formatted_account_number: '' })).toBe(
      'Business Checking ••8989',
    );
  });

  it('names the account alone when fewer than four digits are known', () => {
    expect(
      accountLabel({ ...business('b1', ''), account_number: '12', formatted_account_number: '' }),
    ).toBe('Business Checking');
    expect(lastFour({ account_number: '12', formatted_account_number: '' })).toBe('');
  });

  it('labels an account an answer names as the list labels it, else by the given name', () => {
    const list = [business('b1', '400011118989'), business('b2', '400022224417')];
    expect(listedAccountLabel(list, { id: 'b2', name: 'Business Checking' })).toBe(
      'Business Checking ••4417',
    );
    expect(listedAccountLabel(list, { id: 'gone', name: 'Old Savings' })).toBe('Old Savings');
    expect(listedAccountLabel(list, { name: 'No id' })).toBe('No id');
    expect(listedAccountLabel(list, null)).toBeUndefined();
  });
});
