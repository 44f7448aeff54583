import { describe, expect, it } from 'vitest';
import { timeSince } from './view.ts';

describe('timeSince', () => {
  const now = new Date('2026-11-29T03:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('counts recent times in words', () => {
    expect(timeSince(before(20), now)).toBe('just now');
    expect(timeSince(before(60), now)).toBe('1 minute ago');
    expect(timeSince(before(3 * 3600), now)).toBe('3 hours ago');
    expect(timeSince(before(20 * 86_400), now)).toBe('20 days ago');
  });

  it('gives older times as the bank’s calendar date, as a customer reads it', () => {
    expect(timeSince(new Date('2026-10-29T15:00:00Z'), now)).toBe('Oct 29, 2026');
    // 02:00 UTC on 1 October is still 30 September in New York.
    expect(timeSince(new Date('2026-10-01T02:00:00Z'), now)).toBe('Sep 30, 2026');
  });
});
