import { describe, expect, it } from 'vitest';
import { badgeLabel, summaryAfterDelete, summaryAfterMarkRead } from './counts';

describe('notification counts', () => {
  it('shows the unread count up to 99 and "99+" above', () => {
    expect(badgeLabel(0)).toBe('0');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(4200)).toBe('99+');
  });

  it('deleting an unread notification lowers both the total and the unread count', () => {
    expect(summaryAfterDelete({ total_count: 10, unread_count: 3 }, { is_read: false })).toEqual({
      total_count: 9,
      unread_count: 2,
    });
  });

  it('deleting a read notification lowers only the total', () => {
    expect(summaryAfterDelete({ total_count: 10, unread_count: 3 }, { is_read: true })).toEqual({
      total_count: 9,
      unread_count: 3,
    });
  });

  it('marking an unread notification as read lowers the unread count once', () => {
    const after = summaryAfterMarkRead({ total_count: 5, unread_count: 1 }, { is_read: false });
    expect(after).toEqual({ total_count: 5, unread_count: 0 });
    expect(summaryAfterMarkRead(after, { is_read: true })).toEqual(after);
  });
});
