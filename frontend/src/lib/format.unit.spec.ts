import { describe, expect, it } from 'vitest';
import { ttlFrom } from './auth';
import {
  firstName,
  formatDate,
  formatMoney,
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

  it('formats USD in en-US style, with signs for movements', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('12')).toBe('$12.00');
    expect(formatSignedMoney(-1650)).toBe('-$1,650.00');
    expect(formatSignedMoney(25.31)).toBe('+$25.31');
  });

  it('formats dates as en-US short dates, with the time when asked, as toLocaleDateString does', () => {
    const date = new Date(2025, 0, 5, 14, 7);
    expect(formatDate(date)).toBe('Jan 5, 2025');
    expect(formatDate(date, true)).toBe('Jan 5, 2025, 2:07 PM');
    expect(formatDate(date.getTime())).toBe('Jan 5, 2025');
    const iso = '2024-11-30T10:00:00';
    for (const withTime of [false, true])
      expect(formatDate(iso, withTime)).toBe(
        new Date(iso).toLocaleDateString('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        }),
      );
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('masks all but the last four digits and groups a revealed number', () => {
    expect(maskAccountNumber('598410238009')).toBe('•••• •••• 8009');
    expect(groupDigits('598410238009')).toBe('5984 1023 8009');
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
