import { describe, expect, it } from 'vitest';
import { ttlFrom } from './auth';
import {
  firstName,
  initials,
  formatDate,
  formatDay,
  formatLimit,
  formatMonth,
  formatMoney,
  formatMoneyCents,
  formatPhone,
  formatSignedMoney,
  groupDigits,
  maskAccountNumber,
  truncateText,
} from './format';

describe('formatting', () => {
  it('shows at most 20 characters of the email, then an ellipsis', () => {
    expect(truncateText('short@example.com')).toBe('short@example.com');
    expect(truncateText('alexandra.morgan@example.com')).toBe('alexandra.morgan@exa...');
    expect(truncateText('exactly20chars@ex.io')).toBe('exactly20chars@ex.io');
  });

  it('states a limit in whole dollars, with cents only when it has some', () => {
    expect(formatLimit(2500)).toBe('$2,500');
    expect(formatLimit('20000')).toBe('$20,000');
    expect(formatLimit(0)).toBe('$0');
    expect(formatLimit(2500.5)).toBe('$2,500.50');
    expect(formatLimit('999.99')).toBe('$999.99');
  });

  it('formats USD in en-US style, with signs for movements', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('12')).toBe('$12.00');
    expect(formatSignedMoney(-1650)).toBe('-$1,650.00');
    expect(formatSignedMoney(25.31)).toBe('+$25.31');
    expect(formatMoneyCents(3_00)).toBe('$3.00');
    expect(formatMoneyCents(123_456_78)).toBe('$123,456.78');
    expect(formatMoneyCents(0)).toBe('$0.00');
  });

  it('dates an instant as the bank does, in New York, whatever the browser’s zone', () => {
    // 9 pm on 31 March in New York is already 1 April in UTC (and in most of the world).
    expect(formatDate('2026-04-01T01:00:00Z')).toBe('Mar 31, 2026');
    expect(formatDate('2026-04-01T01:00:00Z', true)).toBe('Mar 31, 2026, 9:00 PM EDT');
    const winter = new Date(Date.UTC(2025, 0, 5, 19, 7));
    expect(formatDate(winter, true)).toBe('Jan 5, 2025, 2:07 PM EST');
    expect(formatDate(winter.getTime())).toBe('Jan 5, 2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes a calendar date as it is, in no time zone', () => {
    expect(formatDay('2026-03-15')).toBe('Mar 15, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDay('2026-01-01T00:00:00Z')).toBe('Jan 1, 2026');
    expect(formatDay('soon')).toBe('soon');
  });

  it('writes a month as it is, in no time zone, long or short', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2026-12', 'short')).toBe('Dec 2026');
    expect(formatMonth('2026-01')).toBe('January 2026');
    expect(formatMonth('later')).toBe('later');
  });

  it('masks all but the last four digits and groups a revealed number', () => {
    expect(maskAccountNumber('598410238009')).toBe('•••• •••• 8009');
    expect(groupDigits('598410238009')).toBe('5984 1023 8009');
  });

  it('masks every account number the same way, whatever form it arrives in', () => {
    const cases: [string | null | undefined, string][] = [
      ['123456789012', '•••• •••• 9012'],
      ['1234 5678 9012', '•••• •••• 9012'],
      [' 1234-5678-9012 ', '•••• •••• 9012'],
      ['****7892', '•••• •••• 7892'],
      ['••••7892', '•••• •••• 7892'],
      ['•••• •••• 7892', '•••• •••• 7892'],
      ['DE89 3704 0044 0532 0130 00', '•••• •••• 3000'],
      ['12345', '•••• •••• 2345'],
      ['1234', '•••• •••• 1234'],
      ['123', '••••'],
      ['1', '••••'],
      ['****', '••••'],
      ['   ', '••••'],
      ['', '••••'],
      [null, '••••'],
      [undefined, '••••'],
    ];
    for (const [value, shown] of cases) expect(maskAccountNumber(value), String(value)).toBe(shown);
  });

  it('makes an avatar of at most two initials', () => {
    expect(initials('  alex  morgan ')).toBe('AM');
    expect(initials('Mary Ann Lee')).toBe('MA');
    expect(initials('Émile')).toBe('É');
    expect(initials('😀 Smile')).toBe('😀S');
    expect(initials('')).toBe('');
  });

  it('writes a phone number kept as digits as people write it', () => {
    expect(formatPhone('2075550142')).toBe('(207) 555-0142');
    expect(formatPhone('207-555-0142')).toBe('(207) 555-0142');
    expect(formatPhone('12075550142')).toBe('+1 (207) 555-0142');
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('ext 2075550142')).toBe('ext 2075550142');
    expect(formatPhone(null)).toBe('');
  });

  it('greets by first name', () => {
    expect(firstName('  Alex  Morgan ')).toBe('Alex');
  });

  it('derives the idle session lifetime from an expiry the server just set', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(ttlFrom('2025-01-01T12:30:00Z', now)).toBe(30 * 60_000);
    expect(ttlFrom(null, now)).toBeNull();
    expect(ttlFrom('2025-01-01T11:00:00Z', now)).toBeNull();
  });
});
