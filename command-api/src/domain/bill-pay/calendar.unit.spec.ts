import { describe, expect, it } from 'vitest';
import {
  bankDate,
  isAutopayDate,
  isValidDate,
  nextAutopayDate,
  nextOccurrence,
  occurrenceDate,
  startOfBankDate,
} from './calendar.ts';

describe('bank calendar (America/New_York)', () => {
  it('reads the bank date in New York, not UTC', () => {
    expect(bankDate(new Date('2025-03-15T03:30:00Z'))).toBe('2025-03-14'); // 23:30 EDT
    expect(bankDate(new Date('2025-03-15T04:30:00Z'))).toBe('2025-03-15');
  });

  it('starts a bank date at midnight New York time, across daylight saving', () => {
    expect(startOfBankDate('2025-01-10').toISOString()).toBe('2025-01-10T05:00:00.000Z');
    expect(startOfBankDate('2025-07-10').toISOString()).toBe('2025-07-10T04:00:00.000Z');
    expect(startOfBankDate('2025-03-09').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfBankDate('2025-11-02').toISOString()).toBe('2025-11-02T04:00:00.000Z');
  });

  it('validates calendar dates', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDate('2025-1-01')).toBe(false);
  });

  it('counts occurrences from the start date, clamping to month length', () => {
    expect(occurrenceDate('2025-01-31', 'monthly', 1)).toBe('2025-02-28');
    expect(occurrenceDate('2025-01-31', 'monthly', 2)).toBe('2025-03-31');
    expect(occurrenceDate('2024-02-29', 'yearly', 1)).toBe('2025-02-28');
    expect(occurrenceDate('2025-01-01', 'weekly', 2)).toBe('2025-01-15');
    expect(occurrenceDate('2025-01-01', 'biweekly', 1)).toBe('2025-01-15');
    expect(occurrenceDate('2025-11-30', 'quarterly', 1)).toBe('2026-02-28');
  });

  it('stops a recurrence after its end date, and never recurs a one-off', () => {
    const weekly = { frequency: 'weekly' as const, endDate: '2025-01-15' };
    expect(nextOccurrence('2025-01-01', weekly, '2025-01-01')).toBe('2025-01-08');
    expect(nextOccurrence('2025-01-01', weekly, '2025-01-08')).toBe('2025-01-15');
    expect(nextOccurrence('2025-01-01', weekly, '2025-01-15')).toBeNull();
    expect(
      nextOccurrence('2025-01-01', { frequency: 'monthly', endDate: null }, '2025-01-01'),
    ).toBe('2025-02-01');
    expect(nextOccurrence('2025-01-01', null, '2025-01-01')).toBeNull();
  });

  it('puts AutoPay on its day of the month, strictly after the given date, clamped', () => {
    expect(nextAutopayDate(15, '2025-03-10')).toBe('2025-03-15');
    expect(nextAutopayDate(15, '2025-03-15')).toBe('2025-04-15');
    expect(nextAutopayDate(31, '2025-04-01')).toBe('2025-04-30');
    expect(nextAutopayDate(31, '2025-04-30')).toBe('2025-05-31');
    expect(nextAutopayDate(30, '2025-01-31')).toBe('2025-02-28');
    expect(nextAutopayDate(5, '2025-12-20')).toBe('2026-01-05');
  });

  it('knows an AutoPay date: its day of the month, clamped, from its first date on', () => {
    const autopay = { day: 31, firstDate: '2025-03-31' };
    expect(isAutopayDate(autopay, '2025-03-31')).toBe(true);
    expect(isAutopayDate(autopay, '2025-04-30')).toBe(true);
    expect(isAutopayDate(autopay, '2025-02-28')).toBe(false); // before the first
    expect(isAutopayDate(autopay, '2025-04-29')).toBe(false);
    expect(isAutopayDate(autopay, '2025-05-30')).toBe(false);
    expect(isAutopayDate({ day: 5, firstDate: '2025-03-05' }, '2025-03-06')).toBe(false);
  });
});
