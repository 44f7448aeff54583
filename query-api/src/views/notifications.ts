import type { NotificationView } from '@bank/contracts';
import { timeSince, type Db } from '@bank/projections';

export interface NotificationRow extends Record<string, unknown> {
  id: string;
  type: NotificationView['type'];
  title: string;
  message: string;
  priority: NotificationView['priority'];
  is_read: boolean;
  created_at: Date;
}

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

export async function findNotifications(
  db: Db,
  f: {
    customerId: string;
    unreadOnly: boolean;
    readOnly: boolean;
    type?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const { rows } = await db.query<NotificationRow>(
    `SELECT id, type, title, message, priority, is_read, created_at FROM rm_notifications
     WHERE customer_id = $1
       AND ($2::boolean IS FALSE OR NOT is_read)
       AND ($3::boolean IS FALSE OR is_read)
       AND ($4::text IS NULL OR type = $4)
     ORDER BY created_at DESC, position DESC LIMIT $5 OFFSET $6`,
    [f.customerId, f.unreadOnly, f.readOnly, f.type ?? null, f.limit, f.offset],
  );
  return rows;
}

export async function notificationSummary(db: Db, customerId: string) {
  const { rows } = await db.query<{ unread_count: number; total_count: number }>(
    `SELECT count(*) FILTER (WHERE NOT is_read)::int AS unread_count, count(*)::int AS total_count
     FROM rm_notifications WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? { unread_count: 0, total_count: 0 };
}
