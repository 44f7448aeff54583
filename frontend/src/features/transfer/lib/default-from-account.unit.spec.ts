import { describe, expect, it } from 'vitest';
import { defaultFromAccount, fromInAddress } from './default-from-account';

const acct = (id: string, type: string, available_balance: number, status = 'active') => ({
  id,
  type,
  status,
  available_balance,
});

describe('defaultFromAccount', () => {
  const savings = acct('sav', 'savings', 900);
  const emptyChecking = acct('chk0', 'checking', 0);
  const checking = acct('chk', 'checking', 250.5);
  const business = acct('biz', 'checking', 10_000);

  it('starts from the first checking account with money available', () => {
    expect(defaultFromAccount([savings, emptyChecking, checking, business])).toBe('chk');
  });

  it('falls back to the first account with money when no checking account has any', () => {
    expect(defaultFromAccount([emptyChecking, savings])).toBe('sav');
  });

  it('leaves the choice to the customer when no account has money, or there are none', () => {
    expect(defaultFromAccount([emptyChecking, acct('s0', 'savings', 0)])).toBe('');
    expect(defaultFromAccount([])).toBe('');
  });

  it('starts from the account the address names, even one without money', () => {
    expect(defaultFromAccount([checking, savings], 'sav')).toBe('sav');
    expect(defaultFromAccount([checking, emptyChecking], 'chk0')).toBe('chk0');
  });

  it('ignores a named account that is not one of the customer’s open accounts', () => {
    expect(defaultFromAccount([checking, savings], 'someone-else')).toBe('chk');
    expect(defaultFromAccount([acct('old', 'checking', 50, 'closed'), checking], 'old')).toBe(
      'chk',
    );
  });

  it('skips an account that is not open', () => {
    expect(defaultFromAccount([acct('frozen', 'checking', 500, 'frozen'), savings])).toBe('sav');
  });
});

describe('fromInAddress', () => {
  const checking = acct('chk', 'checking', 250.5);
  const savings = acct('sav', 'savings', 900);
  const accounts = [checking, savings];

  it('names the account chosen, so a reload starts from it again', () => {
    expect(fromInAddress(accounts, null, 'sav')).toBe('sav');
    expect(fromInAddress(accounts, 'sav', 'sav')).toBe('sav');
    expect(fromInAddress(accounts, 'sav', 'chk')).toBe('chk');
  });

  it('adds nothing for the account a plain visit starts from anyway', () => {
    expect(fromInAddress(accounts, null, 'chk')).toBeNull();
  });

  it('keeps what the address names while no account is chosen', () => {
    expect(fromInAddress(accounts, 'sav', '')).toBe('sav');
    expect(fromInAddress(accounts, null, '')).toBeNull();
  });

  it('replaces an id that is none of the customer’s accounts with the account shown', () => {
    // The form passed the unknown id over and shows the usual account: the address says so.
    expect(
      fromInAddress(accounts, 'someone-else', defaultFromAccount(accounts, 'someone-else')),
    ).toBe('chk');
  });
});
