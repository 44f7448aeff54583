import {
  notificationTypesFound,
  type NotificationType,
  type NotificationView,
} from '@bank/contracts';
import type { Db } from '../../projection.ts';

/** A notification as the bell and the notifications page list it. */
export interface NotificationRow extends Record<string, unknown> {
  id: string;
  type: NotificationView['type'];
  title: string;
  message: string;
  priority: NotificationView['priority'];
  is_read: boolean;
  created_at: Date;
}

/** The alerts a customer has set; thresholds in cents, null when that alert is off. */
export interface AlertPreferencesRow extends Record<string, unknown> {
  low_balance_cents: string | null;
  low_balance_account_id: string | null;
  large_transaction_cents: string | null;
  card_abroad: boolean;
}

export interface NotificationFilter {
  customerId: string;
  unreadOnly: boolean;
  readOnly: boolean;
  /** A filter by type, as `notificationTypesFound` reads it. */
  type?: NotificationType | undefined;
  limit: number;
  offset: number;
}

/**
 * The customer's notifications, newest first, with their unread security notices on top: a run of
 * newer notices (fifty small transfers) must not push one out of the list the customer sees.
 */
export async function findNotifications(db: Db, f: NotificationFilter): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT id, type, title, message, priority, is_read, created_at FROM rm_notifications
     WHERE customer_id = $1
       AND ($2::boolean IS FALSE OR NOT is_read)
       AND ($3::boolean IS FALSE OR is_read)
       AND ($4::text[] IS NULL OR type = ANY($4::text[]))
     ORDER BY (type = 'security' AND NOT is_read) DESC, created_at DESC, position DESC
     LIMIT $5 OFFSET $6`,
    [
      f.customerId,
      f.unreadOnly,
      f.readOnly,
      f.type ? notificationTypesFound(f.type) : null,
      f.limit,
      f.offset,
    ],
  );
  return rows;
}

/** How many notifications the customer has, and how many of them are unread. */
export async function notificationSummary(db: Db, customerId: string) {
  const { rows } = await db.query<{ unread_count: number; total_count: number }>(
    `SELECT count(*) FILTER (WHERE NOT is_read)::int AS unread_count, count(*)::int AS total_count
     FROM rm_notifications WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? { unread_count: 0, total_count: 0 };
}

/**
 * What marking all read would mark, read at once: the log position of the newest notification the
 * customer's list holds (0 when none), and whether a security notice among them is unread.
 */
export async function notificationsToMarkRead(
  db: Db,
  customerId: string,
): Promise<{ upToPosition: number; unreadSecurity: boolean }> {
  const { rows } = await db.query<{ up_to: string | null; unread_security: boolean }>(
    `SELECT max(position) AS up_to,
            coalesce(bool_or(type = 'security' AND NOT is_read), false) AS unread_security
     FROM rm_notifications WHERE customer_id = $1`,
    [customerId],
  );
  return {
    upToPosition: Number(rows[0]?.up_to ?? 0),
    unreadSecurity: rows[0]?.unread_security ?? false,
  };
}

/** The type of one of the customer's notifications; undefined for another's or none. */
export async function ownNotificationType(
  db: Db,
  customerId: string,
  id: string,
): Promise<NotificationView['type'] | undefined> {
  const { rows } = await db.query<{ type: NotificationView['type'] }>(
    'SELECT type FROM rm_notifications WHERE id = $1 AND customer_id = $2',
    [id, customerId],
  );
  return rows[0]?.type;
}

/** The customer's alerts; undefined when they never set any. */
export async function readAlertPreferences(
  db: Db,
  customerId: string,
): Promise<AlertPreferencesRow | undefined> {
  const { rows } = await db.query<AlertPreferencesRow>(
    `SELECT low_balance_cents, low_balance_account_id, large_transaction_cents, card_abroad
     FROM rm_alert_preferences WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0];
}
