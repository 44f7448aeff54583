import {
  ERASED,
  formatUsd,
  type NotificationPreferences,
  type NotificationType,
} from '@bank/events';
import { deterministicUuid, type RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';
import { applyPostingAlerts, storeAlertPreferences } from './alerts.ts';
import type { NewNotification } from './notification-types.ts';
import { transferNotificationHandlers } from './transfer-notices.ts';
import { zelleNoticesToOtherParty, zelleNotificationHandlers } from './zelle-notices.ts';

/** Which preference switch silences a type; security and system notices are always sent. */
const preferenceFor: Record<NotificationType, keyof NotificationPreferences | null> = {
  transaction: 'transaction',
  transfer: 'transaction',
  zelle: 'transaction',
  bill_payment: 'transaction',
  card: 'card',
  crypto: 'crypto',
  support: 'support',
  security: null,
  system: null,
  // Alerts are notices the customer asked for by name: no general switch silences them.
  alert: null,
};

/**
 * Raises a notification whose id derives from the event, so a rebuild gives the same ids. One
 * write, with the customer's preference checked inside it: a batch sends many in one round trip.
 */
export async function raiseNotification(
  db: Db,
  event: RecordedEvent,
  n: NewNotification,
  suffix = '',
  id = deterministicUuid(`notification:${event.eventId}:${suffix}`),
): Promise<void> {
  await db.query(
    `INSERT INTO rm_notifications (id, customer_id, type, title, message, priority, created_at, position)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8
     WHERE NOT ${silencedBy('$9', '$2')}
     ON CONFLICT (id) DO NOTHING`,
    [
      id,
      n.customerId,
      n.type,
      n.title,
      n.message,
      n.priority,
      event.recordedAt,
      event.position.globalPosition,
      preferenceFor[n.type],
    ],
  );
}

/** SQL: the customer switched off the preference (null: a notice no switch silences). */
const silencedBy = (preference: string, customerId: string) =>
  `coalesce((SELECT p.preferences -> ${preference}::text = 'false'::jsonb
               FROM rm_notification_preferences p WHERE p.customer_id = ${customerId}), false)`;

/** Notifications built from the events they report, and the customer's read/delete actions. */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  tables: [
    'rm_notifications',
    'rm_notification_routing',
    'rm_notification_preferences',
    'rm_alert_preferences',
  ],
  sided: zelleNoticesToOtherParty,
  handlers: {
    ...transferNotificationHandlers(raiseNotification),
    ...zelleNotificationHandlers(raiseNotification),
    async CustomerErased(d, _event, db) {
      // Titles name people too ("Zelle request from …").
      await db.query(
        'UPDATE rm_notifications SET title = $2, message = $2 WHERE customer_id = $1',
        [d.customerId, ERASED],
      );
    },
    async CustomerRegistered(d, _event, db) {
      await db.query(
        'INSERT INTO rm_notification_preferences (customer_id, preferences) VALUES ($1, $2)',
        [d.customerId, JSON.stringify(d.notificationPreferences)],
      );
    },
    async CustomerNotificationPreferencesChanged(d, _event, db) {
      await db.query(
        'UPDATE rm_notification_preferences SET preferences = $2 WHERE customer_id = $1',
        [d.customerId, JSON.stringify(d.notificationPreferences)],
      );
    },
    async AccountOpened(d, _event, db) {
      await db.query(
        'INSERT INTO rm_notification_routing (account_id, customer_id, account_name) VALUES ($1,$2,$3)',
        [d.accountId, d.customerId, d.name],
      );
    },
    async CustomerAlertsChanged(d, _event, db) {
      await storeAlertPreferences(db, d.customerId, d.alerts);
    },
    async AccountDebited(d, event, db) {
      await applyPostingAlerts(db, event, d, 'debit', raiseNotification);
    },
    async AccountCredited(d, event, db) {
      await applyPostingAlerts(db, event, d, 'credit', raiseNotification);
      if (d.kind === 'opening') return;
      const isDeposit = d.kind === 'deposit';
      const type: NotificationType = d.kind === 'zelle' ? 'zelle' : 'transaction';
      const contraAccount = d.contra.startsWith('account:')
        ? d.contra.slice('account:'.length)
        : null;
      // One write: the owner and the account's name come from the routing table, and money moved
      // between the customer's own accounts is no news to them.
      await db.query(
        `INSERT INTO rm_notifications (id, customer_id, type, title, message, priority, created_at, position)
         SELECT $1, o.customer_id, $2, $3, $4 || o.account_name || $5, 'medium', $6, $7
         FROM rm_notification_routing o
         WHERE o.account_id = $8
           AND NOT EXISTS (SELECT 1 FROM rm_notification_routing f
                            WHERE f.account_id = $9 AND f.customer_id = o.customer_id)
           AND NOT ${silencedBy('$10', 'o.customer_id')}
         ON CONFLICT (id) DO NOTHING`,
        [
          deterministicUuid(`notification:${event.eventId}:`),
          type,
          isDeposit ? 'Deposit received' : 'Money received',
          `${formatUsd(d.amount)} was credited to your `,
          `: ${d.description}.`,
          // Dated when the money arrived (a value date, as in imported or seeded history).
          d.occurredAt ? new Date(d.occurredAt) : event.recordedAt,
          event.position.globalPosition,
          d.accountId,
          contraAccount,
          preferenceFor[type],
        ],
      );
    },
    async CustomerPasswordChanged(d, event, db) {
      await raiseNotification(db, event, {
        customerId: d.customerId,
        type: 'security',
        title: d.reason === 'reset' ? 'Password reset' : 'Password changed',
        message:
          'Your password was changed and your other sessions were signed out. If this was not you, contact us at once.',
        priority: 'high',
      });
    },
    async CustomerSignInLocked(d, event, db) {
      await raiseNotification(db, event, {
        customerId: d.customerId,
        type: 'security',
        title: 'Sign-in temporarily locked',
        message: `After ${d.failedAttempts} failed sign-in attempts, sign-in to your account was locked for a while. If this was not you, contact customer service.`,
        priority: 'high',
      });
    },
    async CustomerProfileUpdated(d, event, db) {
      await raiseNotification(db, event, {
        customerId: d.customerId,
        type: 'security',
        title: 'Profile updated',
        message: 'Your personal details were updated.',
        priority: 'low',
      });
    },
    async NotificationRaised(d, event, db) {
      await raiseNotification(db, event, d, '', d.notificationId);
    },
    async NotificationsMarkedRead(d, _event, db) {
      await db.query(
        'UPDATE rm_notifications SET is_read = true WHERE customer_id = $1 AND id = ANY($2::uuid[])',
        [d.customerId, d.notificationIds],
      );
    },
    async AllNotificationsMarkedRead(d, _event, db) {
      await db.query(
        'UPDATE rm_notifications SET is_read = true WHERE customer_id = $1 AND ($2::text IS NULL OR type = $2)',
        [d.customerId, d.type],
      );
    },
    async NotificationDeleted(d, _event, db) {
      await db.query('DELETE FROM rm_notifications WHERE customer_id = $1 AND id = $2', [
        d.customerId,
        d.notificationId,
      ]);
    },
  },
});
