import {
  AllNotificationsMarkedRead,
  NotificationDeleted,
  NotificationRaised,
  NotificationsMarkedRead,
  streams,
  type EventData,
  type NotificationType,
} from '@bank/events';
import { deterministicUuid, notFound, stepUpRequired, type EventMetadata } from '@bank/infra';
import { notificationTypesFound } from '@bank/contracts';
import { notificationsToMarkRead, ownNotificationType } from '@bank/projections';
import { existence } from '../kernel/aggregate.ts';
import type { CommandContext } from './context.ts';

/**
 * A security notice tells the owner of a change to how they sign in or where their cards go, which
 * someone holding a stolen session may have made. It leaves the customer's attention (marked read
 * or deleted) only for a session that proved the customer recently (password or authenticator
 * code), so the token alone cannot put it out of sight unseen; unread, it stays on top of the list.
 */
async function requireOwnNotification(
  ctx: CommandContext,
  customerId: string,
  id: string,
  steppedUp: boolean,
) {
  const type = await ownNotificationType(ctx.pool, customerId, id);
  if (!type) throw notFound();
  if (type === 'security' && !steppedUp) throw stepUpRequired();
}

/** The customer's own read/delete actions, recorded on their notifications stream. */
export async function markNotificationRead(
  ctx: CommandContext,
  customerId: string,
  id: string,
  metadata: EventMetadata,
  steppedUp: boolean,
) {
  await requireOwnNotification(ctx, customerId, id, steppedUp);
  return ctx.bus.execute(metadata, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      NotificationsMarkedRead.create({ customerId, notificationIds: [id] }),
    ]);
  });
}

export async function markAllNotificationsRead(
  ctx: CommandContext,
  customerId: string,
  type: NotificationType | null,
  metadata: EventMetadata,
  steppedUp: boolean,
) {
  const coversSecurity = type === null || type === 'security';
  // Only what this check saw is marked read: a security notice raised after it (however soon)
  // stays unread, and asks for step-up in its turn.
  const { upToPosition, unreadSecurity } = await notificationsToMarkRead(ctx.pool, customerId);
  if (coversSecurity && !steppedUp && unreadSecurity) throw stepUpRequired();
  return ctx.bus.execute(metadata, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      AllNotificationsMarkedRead.create({
        customerId,
        type,
        ...(type ? { types: notificationTypesFound(type) } : {}),
        upToPosition,
      }),
    ]);
  });
}

/**
 * The bank itself marks every notification of the customer read, as of this point in the log
 * (no position: what the read model holds when asked may lag what was just written). For a
 * customer set up with a history of long-read notices, never for a session.
 */
export async function markEverythingReadAsTheBank(
  ctx: CommandContext,
  customerId: string,
  metadata: EventMetadata,
) {
  return ctx.bus.execute(metadata, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      AllNotificationsMarkedRead.create({ customerId, type: null }),
    ]);
  });
}

export async function deleteNotification(
  ctx: CommandContext,
  customerId: string,
  id: string,
  metadata: EventMetadata,
  steppedUp: boolean,
) {
  await requireOwnNotification(ctx, customerId, id, steppedUp);
  return ctx.bus.execute(metadata, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      NotificationDeleted.create({ customerId, notificationId: id }),
    ]);
  });
}

/**
 * Raises a notification that a job sends, once: it gets a stream of its own named by `key`, so a
 * job that runs again (a retry, a second worker) finds it written and does nothing.
 */
export async function raiseNotificationOnce(
  ctx: CommandContext,
  actor: string,
  key: string,
  content: Omit<EventData<'NotificationRaised'>, 'notificationId'>,
): Promise<string> {
  const notificationId = deterministicUuid(key);
  const stream = `notification-${notificationId}`;
  await ctx.bus.execute({ actor }, async (uow) => {
    if ((await uow.load(stream, existence)).state) return;
    uow.appendNew(stream, [NotificationRaised.create({ ...content, notificationId })]);
  });
  return notificationId;
}
