import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addMonthsIso,
  bankDate,
  bankDayStart,
  bankMonth,
  bankMonthStart,
  bankTimeText,
  bankToday,
} from './bank-time.ts';

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

  it('gives every instant the date New York gives it, around midnights and daylight-saving changes', () => {
    const direct = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Minute by minute across the spring-forward and fall-back weekends of 2026, and a year of
    // random instants: the cached date of an hour holds for all of its minutes.
    const instants: Date[] = [];
    for (const from of ['2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z']) {
      for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
        instants.push(new Date(Date.parse(from) + minute * 60_000));
      }
    }
    for (let i = 0; i < 2000; i += 1) {
      instants.push(
        new Date(Date.parse('2026-01-01T00:00:00Z') + Math.random() * 365 * 86_400_000),
      );
    }
    for (const at of instants) expect(bankDate(at), at.toISOString()).toBe(direct.format(at));
  });

  it('starts each bank date at midnight in New York, daylight saving or not', () => {
    expect(bankDayStart('2026-01-01').toISOString()).toBe('2026-01-01T05:00:00.000Z');
    expect(bankDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    // The days the clocks change start before the change (02:00 local).
    expect(bankDayStart('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(bankDayStart('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    // Every day of two years: its first instant has the date, the instant before the day before.
    for (let day = '2026-01-01'; day < '2028-01-01'; day = addDaysIso(day, 1)) {
      const start = bankDayStart(day);
      expect(bankDate(start), day).toBe(day);
      expect(bankDate(new Date(start.getTime() - 1)), day).toBe(addDaysIso(day, -1));
    }
    expect(() => bankDayStart('2026-13-01')).toThrow('Not a date');
  });

  it('writes every year with four digits, the years before 1000 too', () => {
    expect(bankDate(new Date('0999-06-01T12:00:00Z'))).toBe('0999-06-01');
    expect(bankDate(new Date('0050-06-01T12:00:00Z'))).toBe('0050-06-01');
    expect(bankDayStart('0999-06-01').toISOString()).toBe('0999-06-01T05:00:00.000Z');
    expect(bankMonthStart('0001-01').getUTCFullYear()).toBe(1);
  });

  it('counts months in New York: the evening of the 31st is still that month', () => {
    expect(bankMonth(new Date('2026-04-01T01:00:00Z'))).toBe('2026-03');
    expect(bankMonthStart('2026-03').toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(addMonthsIso('2026-12', 1)).toBe('2027-01');
    expect(addMonthsIso('2026-01', -1)).toBe('2025-12');
    expect(addMonthsIso('2026-03', -27)).toBe('2023-12');
  });

  it('adds calendar days across months and leap years', () => {
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('bankTimeText', () => {
  it("states an instant on the bank's clock, labelled EST or EDT", () => {
    expect(bankTimeText(new Date('2026-11-30T11:33:00Z'))).toBe('Nov 30, 2026, 6:33 AM EST');
    expect(bankTimeText(new Date('2026-07-04T03:05:00Z'))).toBe('Jul 3, 2026, 11:05 PM EDT');
  });
});
