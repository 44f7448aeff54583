import { describe, expect, it } from 'vitest';
import { monthOf, monthStart, nextMonthStart, statementMonths } from './statement-months.ts';

const at = (iso: string) => new Date(iso);

describe('statementMonths', () => {
  it('lists months newest first from the first activity to now, across a year end', () => {
    expect(statementMonths(at('2025-11-20T12:00:00Z'), at('2026-02-03T12:00:00Z'))).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('has the current month alone for an account opened this month, and stops at the limit', () => {
    expect(statementMonths(at('2026-02-01T12:00:00Z'), at('2026-02-28T23:59:59Z'))).toEqual([
      '2026-02',
    ]);
    expect(statementMonths(at('2000-01-01T12:00:00Z'), at('2026-02-01T12:00:00Z'), 3)).toHaveLength(
      3,
    );
  });

  it('counts months in the bank’s calendar: the evening of the 31st in New York is still March', () => {
    // 9 pm on 31 March in New York is 1 April in UTC.
    expect(monthOf(at('2026-04-01T01:00:00Z'))).toBe('2026-03');
    expect(statementMonths(at('2026-02-01T03:00:00Z'), at('2026-03-01T04:59:59Z'))).toEqual([
      '2026-02',
      '2026-01',
    ]);
  });
});

describe('statement periods', () => {
  it('run from midnight to midnight in New York, with daylight saving', () => {
    expect(monthStart('2026-03')!.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(nextMonthStart('2026-03').toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(nextMonthStart('2026-12').toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(monthStart('2026-13')).toBeUndefined();
    // Not a month of the bank's era: refused, never an error.
    for (const month of ['0999-01', '0000-01', '1899-12', '2026-1', '12026-01']) {
      expect(monthStart(month), month).toBeUndefined();
    }
    expect(monthStart('1900-01')!.toISOString()).toBe('1900-01-01T05:00:00.000Z');
  });

  it('tile the calendar: each month ends where the next begins, for ten years', () => {
    let month = '2020-01';
    for (let i = 0; i < 120; i += 1) {
      const end = nextMonthStart(month);
      const next = monthOf(end);
      expect(monthStart(next)!.getTime(), month).toBe(end.getTime());
      expect(monthOf(new Date(end.getTime() - 1)), month).toBe(month);
      month = next;
    }
    expect(month).toBe('2030-01');
  });
});
