import { describe, expect, it } from 'vitest';
import { addDaysIso, bankDate, bankToday } from './bank-time.ts';

describe('the bank calendar', () => {
  it('is New York’s date, not UTC’s: late evening in New York is already tomorrow in UTC', () => {
    // 01:30 UTC on 28 November is 20:30 on 27 November in New York (EST, UTC−5).
    expect(bankDate(new Date('2026-11-28T01:30:00Z'))).toBe('2026-11-27');
    expect(bankToday(new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-28');
  });

  it('follows daylight saving (EDT, UTC−4, in July)', () => {
    expect(bankDate(new Date('2026-07-04T03:59:00Z'))).toBe('2026-07-03');
    expect(bankDate(new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
  });

  it('adds calendar days across months and leap years', () => {
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
});
