import { formatDate } from '@/lib/format';
import type { BankNotification } from '../types';

/**
 * What tells each listed notification apart in its buttons' names ("New sign-in" (Dec 2, 2026,
 * 3:51 AM EST)), by id: a screen reader's list of buttons otherwise offers a row of identical
 * "Delete "New sign-in"". Notifications alike to the minute are numbered in the list's order.
 */
export function notificationNames(
  items: readonly Pick<BankNotification, 'id' | 'title' | 'created_at'>[],
): Map<string, string> {
  const base = items.map((item) => `"${item.title}" (${formatDate(item.created_at, true)}`);
  const total = new Map<string, number>();
  for (const name of base) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  items.forEach((item, index) => {
    const name = base[index]!;
    const count = total.get(name)!;
    const nth = (seen.get(name) ?? 0) + 1;
    seen.set(name, nth);
    names.set(item.id, count > 1 ? `${name}, ${nth} of ${count})` : `${name})`);
  });
  return names;
}
