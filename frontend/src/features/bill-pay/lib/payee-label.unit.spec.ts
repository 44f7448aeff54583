import { describe, expect, it } from 'vitest';
import { autopayAmount, autopayPlan, payeeAccount, payeeLabel } from './payee-label';

const payee = (id: string, name: string, display_name: string, last4: string) => ({
  id,
  name,
  display_name,
  formatted_account_number: `****${last4}`,
});

describe('payee labels', () => {
  it('names the company beside the account when a nickname stands in for it', () => {
    expect(payeeAccount(payee('a', 'City Power', 'City Power', '4455'))).toBe('****4455');
    expect(payeeAccount(payee('b', 'City Power', 'Rental flat', '4455'))).toBe(
      'City Power ****4455',
    );
  });

  it('adds the masked account to a name another payee of the list shares', () => {
    const home = payee('a', 'City Power', 'City Power', '4455');
    const shop = payee('b', 'City power', 'city  POWER', '9876');
    const flat = payee('c', 'City Power', 'Rental flat', '4455');
    const all = [home, shop, flat];
    expect(all.map((p) => payeeLabel(p, all))).toEqual([
      'City Power ****4455',
      'city  POWER ****9876',
      'Rental flat',
    ]);
    expect(payeeLabel(home, [home, flat])).toBe('City Power');
  });

  it('numbers look-alikes (same name, same last four) in the order they were added', () => {
    const first = payee('a', 'City Power', 'City Power', '4455');
    const second = payee('b', 'City Power', 'City Power', '4455');
    const other = payee('c', 'City Power', 'City Power', '9876');
    const all = [first, second, other];
    expect(all.map((p) => payeeLabel(p, all))).toEqual([
      'City Power ****4455, 1 of 2',
      'City Power ****4455, 2 of 2',
      'City Power ****9876',
    ]);
  });

  it('tells what AutoPay pays, on which day and from which account', () => {
    const on = {
      autopay_enabled: true,
      autopay_day: 28,
      autopay_amount: 90,
      default_amount: 85.4,
      autopay_account_id: 'a2',
    };
    const accounts = [
      {
        id: 'a1',
        name: 'Checking',
        account_name: 'Premium Checking',
        account_number: '111122223333',
        formatted_account_number: '****3333',
      },
      {
        id: 'a2',
        name: 'Savings',
        account_name: 'High Yield Savings',
        account_number: '444455556666',
        formatted_account_number: '****6666',
      },
    ];
    expect(autopayAmount(on)).toBe(90);
    expect(autopayAmount({ ...on, autopay_amount: null })).toBe(85.4);
    expect(autopayAmount({ ...on, autopay_enabled: false })).toBeNull();
    expect(autopayPlan(on, accounts)).toBe(
      'Pays $90.00 on day 28 of each month from High Yield Savings ••6666',
    );
    expect(autopayPlan({ ...on, autopay_amount: null }, accounts)).toBe(
      'Pays the default amount, $85.40 on day 28 of each month from High Yield Savings ••6666',
    );
    // An account no longer listed is not named rather than named wrongly.
    expect(autopayPlan({ ...on, autopay_account_id: 'gone' }, accounts)).toBe(
      'Pays $90.00 on day 28 of each month',
    );
    expect(autopayPlan({ ...on, autopay_enabled: false }, accounts)).toBe('');
    // A day some months do not have says what happens in those.
    expect(autopayPlan({ ...on, autopay_day: 29 }, accounts)).toBe(
      'Pays $90.00 on day 29 of each month (or the last day of a shorter month) from High Yield Savings ••6666',
    );
    expect(autopayPlan({ ...on, autopay_day: 31, autopay_account_id: 'gone' }, accounts)).toBe(
      'Pays $90.00 on day 31 of each month (or the last day of a shorter month)',
    );
  });
});
