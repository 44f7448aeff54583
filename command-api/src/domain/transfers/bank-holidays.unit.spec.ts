import { Prng } from '@bank/infra/testing';
import { bankDate } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { bankHolidays, isBankHoliday } from './bank-holidays.ts';
import { addBusinessDays, isBusinessDay } from './bank-time.ts';
import { settlementDue } from './transfer.ts';

describe('bank holidays', () => {
  it('are the days the Federal Reserve publishes as closed', () => {
    // 2026: Independence Day is a Saturday, so not moved.
    expect(bankHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // 2027: Juneteenth and Christmas are Saturdays; Independence Day is a Sunday, observed Monday.
    expect(bankHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
    ]);
    expect(isBankHoliday('2026-11-26')).toBe(true);
    expect(isBankHoliday('2026-11-27')).toBe(false);
  });

  it('move a transfer due on one to the next business day', () => {
    // Wednesday 25 November 2026, noon in New York: Thursday is Thanksgiving.
    expect(bankDate(addBusinessDays(new Date('2026-11-25T17:00:00Z'), 1))).toBe('2026-11-27');
    // Thursday 24 December: Christmas is a Friday, then the weekend.
    expect(bankDate(addBusinessDays(new Date('2026-12-24T17:00:00Z'), 1))).toBe('2026-12-28');
    // Friday 2 July 2027: Monday 5 July is Independence Day observed.
    expect(bankDate(addBusinessDays(new Date('2027-07-02T17:00:00Z'), 1))).toBe('2027-07-06');
  });

  it('hold a domestic wire sent on one until the next business day, and let it go within the hour on others', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const thanksgiving = new Date('2026-11-26T17:00:00Z');
    expect(bankDate(settlementDue('domestic-wire', id, thanksgiving, undefined))).toBe(
      '2026-11-27',
    );
    const friday = new Date('2026-11-27T17:00:00Z');
    expect(settlementDue('domestic-wire', id, friday, undefined).getTime()).toBeLessThanOrEqual(
      friday.getTime() + 3_600_000,
    );
  });

  it('counts exactly n business days, and never lands on a weekend or holiday, from any instant', () => {
    const random = new Prng(20261202);
    const start = Date.UTC(2025, 0, 1);
    const span = Date.UTC(2031, 0, 1) - start;
    for (let run = 0; run < 2000; run += 1) {
      const from = new Date(start + Math.floor(random.next() * span));
      const n = 1 + Math.floor(random.next() * 5);
      const due = addBusinessDays(from, n);
      expect(isBusinessDay(due), `${from.toISOString()} + ${n}`).toBe(true);
      let counted = 0;
      for (let at = from.getTime() + 86_400_000; at <= due.getTime(); at += 86_400_000) {
        if (isBusinessDay(new Date(at))) counted += 1;
      }
      expect(counted, `${from.toISOString()} + ${n}`).toBe(n);
    }
  });
});
