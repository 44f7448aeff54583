import { describe, expect, it } from 'vitest';
import { notificationNames } from './item-names';

describe('notificationNames', () => {
  it('names each notification by its title and time, numbering those alike to the minute', () => {
    const names = notificationNames([
      { id: 'a', title: 'New sign-in', created_at: '2026-12-02T08:51:10Z' },
      { id: 'b', title: 'New sign-in', created_at: '2026-12-02T08:51:40Z' },
      { id: 'c', title: 'New sign-in', created_at: '2026-12-01T15:05:00Z' },
      { id: 'd', title: 'Card locked', created_at: '2026-12-02T08:51:10Z' },
    ]);
    expect([...names.values()]).toEqual([
      '"New sign-in" (Dec 2, 2026, 3:51 AM EST, 1 of 2)',
      '"New sign-in" (Dec 2, 2026, 3:51 AM EST, 2 of 2)',
      '"New sign-in" (Dec 1, 2026, 10:05 AM EST)',
      '"Card locked" (Dec 2, 2026, 3:51 AM EST)',
    ]);
    expect(new Set(names.values()).size).toBe(4);
  });
});
