import {
  ERASED,
  type BankEvent,
  type BankEventType,
  formatUsd,
  type NotificationPreferences,
  type NotificationType,
} from '@bank/events';
import { deterministicUuid, type RecordedEvent } from '@bank/infra';
import {
  defineProjection,
  type Db,
  type Handler,
  type Projection,
  type Scope,
} from '../../projection.ts';
import {
  applyPostingAlerts,
  contraAccountOf,
  storeAlertPreferences,
  type PostingEntry,
} from './alerts.ts';
import type { NewNotification, RaiseNotification } from './notification-types.ts';
import {
  announceCardDelivery,
  announceProfileUpdate,
  storeMailingAddress,
} from './profile-notices.ts';
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

/** A notice to write, with the id that derives from its event, so a rebuild gives the same ids. */
interface PendingNotice {
  id: string;
  event: RecordedEvent;
  notification: NewNotification;
}

const noticeId = (event: RecordedEvent, suffix: string) =>
  deterministicUuid(`notification:${event.eventId}:${suffix}`);

/**
 * Writes notices in one statement, each customer's preference checked inside it. A notice already
 * written (the same id) is left as it is.
 */
async function writeNotices(db: Db, notices: readonly PendingNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await db.query(
    `INSERT INTO rm_notifications (id, customer_id, type, title, message, priority, created_at, position)
     SELECT v.id, v.customer_id, v.type, v.title, v.message, v.priority, v.created_at, v.position
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                 $7::timestamptz[], $8::bigint[], $9::text[])
          AS v(id, customer_id, type, title, message, priority, created_at, position, preference)
     WHERE NOT ${silencedBy('v.preference', 'v.customer_id')}
     ON CONFLICT (id) DO NOTHING`,
    [
      notices.map((p) => p.id),
      notices.map((p) => p.notification.customerId),
      notices.map((p) => p.notification.type),
      notices.map((p) => p.notification.title),
      notices.map((p) => p.notification.message),
      notices.map((p) => p.notification.priority),
      notices.map((p) => p.event.recordedAt),
      notices.map((p) => p.event.position.globalPosition),
      notices.map((p) => preferenceFor[p.notification.type]),
    ],
  );
}

/** Raises one notification at once. */
export const raiseNotification: RaiseNotification = (
  db,
  event,
  notification,
  suffix = '',
  id = noticeId(event, suffix),
) => writeNotices(db, [{ id, event, notification }]);

/** A raise that only collects its notices, for one write at the end of a run of events. */
function noticeCollector() {
  const notices: PendingNotice[] = [];
  const raise: RaiseNotification = (_db, event, notification, suffix = '', id) => {
    notices.push({ id: id ?? noticeId(event, suffix), event, notification });
    return Promise.resolve();
  };
  return { notices, raise };
}

/** SQL: the customer switched off the preference (null: a notice no switch silences). */
const silencedBy = (preference: string, customerId: string) =>
  `coalesce((SELECT p.preferences -> ${preference}::text = 'false'::jsonb
               FROM rm_notification_preferences p WHERE p.customer_id = ${customerId}), false)`;

/**
 * Money received is news to the account's owner, unless it came from another of their accounts,
 * from their own crypto sale, or they switched such notices off. One write for the whole run: the owner and the account's
 * name come from the routing table.
 */
async function announceCredits(db: Db, credits: readonly PostingEntry[]): Promise<void> {
  // A crypto sale's proceeds are told by the sale's own notice, net of its fee: a second notice
  // of the gross amount would disagree with it.
  const announced = credits.filter(
    (c) => c.posting.kind !== 'opening' && c.posting.kind !== 'crypto',
  );
  if (announced.length === 0) return;
  const typeOf = (c: PostingEntry): NotificationType =>
    c.posting.kind === 'zelle' ? 'zelle' : 'transaction';
  await db.query(
    `INSERT INTO rm_notifications (id, customer_id, type, title, message, priority, created_at, position)
     SELECT v.id, o.customer_id, v.type, v.title, v.lead || o.account_name || v.tail, 'medium',
            v.created_at, v.position
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                 $7::bigint[], $8::uuid[], $9::uuid[], $10::text[])
          AS v(id, type, title, lead, tail, created_at, position, account_id, contra, preference)
     JOIN rm_notification_routing o ON o.account_id = v.account_id
     WHERE NOT EXISTS (SELECT 1 FROM rm_notification_routing f
                        WHERE f.account_id = v.contra AND f.customer_id = o.customer_id)
       AND NOT ${silencedBy('v.preference', 'o.customer_id')}
     ON CONFLICT (id) DO NOTHING`,
    [
      announced.map((c) => deterministicUuid(`notification:${c.event.eventId}:`)),
      announced.map(typeOf),
      announced.map((c) => (c.posting.kind === 'deposit' ? 'Deposit received' : 'Money received')),
      announced.map((c) => `${formatUsd(c.posting.amount)} was credited to your `),
      announced.map((c) => `: ${c.posting.description}.`),
      // Dated when the money arrived (a value date, as in imported or seeded history).
      announced.map((c) =>
        c.posting.occurredAt ? new Date(c.posting.occurredAt) : c.event.recordedAt,
      ),
      announced.map((c) => c.event.position.globalPosition),
      announced.map((c) => c.posting.accountId),
      announced.map((c) => contraAccountOf(c.posting)),
      announced.map((c) => preferenceFor[typeOf(c)]),
    ],
  );
}

/** A posting as the alerts and the notices of money received read it. */
function postingEntry(event: RecordedEvent<BankEvent>): PostingEntry {
  const { type, data } = event.event as Extract<
    BankEvent,
    { type: 'AccountCredited' | 'AccountDebited' }
  >;
  return { event, posting: data, direction: type === 'AccountCredited' ? 'credit' : 'debit' };
}

/** A run of postings, or one: balances and alerts first, then the notices of money received. */
async function applyPostings(
  db: Db,
  entries: readonly PostingEntry[],
  raise: RaiseNotification = raiseNotification,
): Promise<void> {
  if (entries.length > 0) await applyPostingAlerts(db, entries, raise);
  await announceCredits(
    db,
    entries.filter((e) => e.direction === 'credit'),
  );
}

const isPosting = (event: RecordedEvent<BankEvent>) =>
  event.event.type === 'AccountCredited' || event.event.type === 'AccountDebited';

/** A handler that tells the customer of a change to how they sign in (always sent). */
function securityNotice(raise: RaiseNotification, title: string, message: string) {
  return async (d: { customerId: string }, event: RecordedEvent, db: Db) => {
    await raise(db, event, {
      customerId: d.customerId,
      type: 'security',
      title,
      message,
      priority: 'high',
    });
  };
}

/** The handlers that only raise notices, each through `raise`. */
function noticeHandlers(raise: RaiseNotification) {
  return {
    ...transferNotificationHandlers(raise),
    ...zelleNotificationHandlers(raise),
    async CustomerPasswordChanged(d, event, db) {
      await raise(db, event, {
        customerId: d.customerId,
        type: 'security',
        title: d.reason === 'reset' ? 'Password reset' : 'Password changed',
        message:
          'Your password was changed and your other sessions were signed out. If this was not you, contact us at once.',
        priority: 'high',
      });
    },
    async CustomerSignInLocked(d, event, db) {
      await raise(db, event, {
        customerId: d.customerId,
        type: 'security',
        title: 'Sign-in temporarily locked',
        message: `After ${d.failedAttempts} failed sign-in attempts, sign-in to your account was locked for a while. If this was not you, contact customer service.`,
        priority: 'high',
      });
    },
    // Two-factor sign-in changed: someone else in the session could lock the owner out or take
    // away their second step, so the owner hears of it as of a password change.
    CustomerTwoFactorEnabled: securityNotice(
      raise,
      'Two-factor sign-in turned on',
      'Signing in now asks for a code from your authenticator app. If this was not you, contact us at once.',
    ),
    CustomerTwoFactorDisabled: securityNotice(
      raise,
      'Two-factor sign-in turned off',
      'Signing in no longer asks for a code from your authenticator app. If this was not you, change your password and contact us at once.',
    ),
    CustomerRecoveryCodesRegenerated: securityNotice(
      raise,
      'New recovery codes',
      'New recovery codes were made for your two-factor sign-in, and the earlier ones stopped working. If this was not you, contact us at once.',
    ),
    async NotificationRaised(d, event, db) {
      await raise(db, event, d, '', d.notificationId);
    },
    // Reads the mailing address kept beside the preferences, which only a registration or a
    // profile update moves, and neither is one of a run's notices.
    async CardIssued(d, event, db) {
      await announceCardDelivery(raise, d, event, db);
    },
  } satisfies Projection['handlers'];
}

const noticeTypes: ReadonlySet<string> = new Set(Object.keys(noticeHandlers(raiseNotification)));

/**
 * A run of postings and notices: the postings' balances and alerts in one statement, the notices
 * of money received in another, and every other notice of the run, alerts included, in a third.
 * No event of the run changes what another one reads (preferences, routing and alert settings end
 * a run), so the rows are those of the events one at a time.
 */
async function applyRun(
  events: readonly RecordedEvent<BankEvent>[],
  db: Db,
  scope: Scope,
): Promise<void> {
  const collector = noticeCollector();
  const handlers = noticeHandlers(collector.raise) as Record<string, Handler<BankEventType>>;
  const postings: PostingEntry[] = [];
  for (const event of events) {
    if (isPosting(event)) postings.push(postingEntry(event));
    else await handlers[event.event.type]!(event.event.data as never, event, db, scope);
  }
  await applyPostings(db, postings, collector.raise);
  await writeNotices(db, collector.notices);
}

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
  aggregate: {
    accepts: (event) => isPosting(event) || noticeTypes.has(event.event.type),
    apply: applyRun,
  },
  handlers: {
    ...noticeHandlers(raiseNotification),
    async CustomerErased(d, _event, db) {
      // Titles name people too ("Zelle request from …").
      await db.query(
        'UPDATE rm_notifications SET title = $2, message = $2 WHERE customer_id = $1',
        [d.customerId, ERASED],
      );
      await db.query(
        'UPDATE rm_notification_preferences SET mailing_address_keys = NULL WHERE customer_id = $1',
        [d.customerId],
      );
    },
    async CustomerRegistered(d, _event, db) {
      await db.query(
        'INSERT INTO rm_notification_preferences (customer_id, preferences) VALUES ($1, $2)',
        [d.customerId, JSON.stringify(d.notificationPreferences)],
      );
      await storeMailingAddress(db, d);
    },
    // Not one of the run's notices: it reads and moves the address kept beside the preferences.
    async CustomerProfileUpdated(d, event, db) {
      await announceProfileUpdate(raiseNotification, d, event, db);
    },
    async CustomerNotificationPreferencesChanged(d, _event, db) {
      await db.query(
        'UPDATE rm_notification_preferences SET preferences = $2 WHERE customer_id = $1',
        [d.customerId, JSON.stringify(d.notificationPreferences)],
      );
    },
    async AccountOpened(d, event, db) {
      await db.query(
        'INSERT INTO rm_notification_routing (account_id, customer_id, account_name) VALUES ($1,$2,$3)',
        [d.accountId, d.customerId, d.name],
      );
      // The accounts a registration opens are told by its welcome; a business account is opened
      // on its own later, and the owner should see it was (or hear of it if it was not them).
      if (d.type === 'business') {
        await raiseNotification(db, event, {
          customerId: d.customerId,
          type: 'system',
          title: 'Business checking opened',
          message: `Your ${d.name} account ending in ${d.accountNumber.slice(-4)} is open and ready to receive money.`,
          priority: 'medium',
        });
      }
    },
    async CustomerAlertsChanged(d, _event, db) {
      await storeAlertPreferences(db, d.customerId, d.alerts);
    },
    async AccountDebited(_d, event, db) {
      await applyPostings(db, [postingEntry(event)]);
    },
    async AccountCredited(_d, event, db) {
      await applyPostings(db, [postingEntry(event)]);
    },
    async NotificationsMarkedRead(d, _event, db) {
      await db.query(
        'UPDATE rm_notifications SET is_read = true WHERE customer_id = $1 AND id = ANY($2::uuid[])',
        [d.customerId, d.notificationIds],
      );
    },
    async AllNotificationsMarkedRead(d, _event, db) {
      await db.query(
        `UPDATE rm_notifications SET is_read = true
         WHERE customer_id = $1 AND ($2::text[] IS NULL OR type = ANY($2::text[]))
           AND ($3::bigint IS NULL OR position <= $3)`,
        [d.customerId, d.types ?? (d.type ? [d.type] : null), d.upToPosition ?? null],
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
