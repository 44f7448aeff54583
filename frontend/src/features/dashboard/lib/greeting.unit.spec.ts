import { describe, expect, it } from 'vitest';
import { accountCardLimit, greeting, hasCashback } from './greeting';

const at = (h: number, m = 0) => new Date(2025, 0, 15, h, m);

describe('dashboard greeting', () => {
  it('says good morning until noon', () => {
    expect(greeting(at(0))).toBe('Good morning');
    expect(greeting(at(11, 59))).toBe('Good morning');
  });

  it('says good afternoon from noon until six', () => {
    expect(greeting(at(12))).toBe('Good afternoon');
    expect(greeting(at(17, 59))).toBe('Good afternoon');
  });

  it('says good evening from six', () => {
    expect(greeting(at(18))).toBe('Good evening');
    expect(greeting(at(23, 30))).toBe('Good evening');
  });
});

describe('dashboard account cards', () => {
  it('shows four account cards, or three beside a cashback card', () => {
    expect(accountCardLimit(false)).toBe(4);
    expect(accountCardLimit(true)).toBe(3);
  });

  it('shows a cashback card only when there is cashback', () => {
    expect(hasCashback(undefined)).toBe(false);
    expect(hasCashback({ available_balance: 0, this_month_earned: 0 })).toBe(false);
    expect(hasCashback({ available_balance: 12.5, this_month_earned: 0 })).toBe(true);
  });
});
