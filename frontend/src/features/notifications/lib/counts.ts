import type { BankNotification, NotificationSummary } from '../types';

/** The unread badge shows "99+" above 99. */
export function badgeLabel(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The summary after deleting an item: one fewer in total, and one fewer unread if it was unread. */
export function summaryAfterDelete(
  summary: NotificationSummary,
  item: Pick<BankNotification, 'is_read'>,
): NotificationSummary {
  return {
    total_count: Math.max(0, summary.total_count - 1),
    unread_count: item.is_read ? summary.unread_count : Math.max(0, summary.unread_count - 1),
  };
}

export function summaryAfterMarkRead(
  summary: NotificationSummary,
  item: Pick<BankNotification, 'is_read'>,
): NotificationSummary {
  return item.is_read
    ? summary
    : { ...summary, unread_count: Math.max(0, summary.unread_count - 1) };
}
