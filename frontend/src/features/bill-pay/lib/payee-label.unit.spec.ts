import { describe, expect, it } from 'vitest';
import { payeeAccount, payeeLabel } from './payee-label';

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
});
