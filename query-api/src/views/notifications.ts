import type { NotificationView } from '@bank/contracts';
import { timeSince, type NotificationRow } from '@bank/projections';

export function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    is_read: row.is_read,
    time_ago: timeSince(row.created_at),
    created_at: row.created_at.toISOString(),
  };
}
