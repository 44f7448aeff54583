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
import { ownNotificationType } from '@bank/projections';
import { existence } from '../kernel/aggregate.ts';
import type { CommandContext } from './context.ts';

async function requireOwnNotification(ctx: CommandContext, customerId: string, id: string) {
  const type = await ownNotificationType(ctx.pool, customerId, id);
  if (!type) throw notFound();
  return type;
}

/** The customer's own read/delete actions, recorded on their notifications stream. */
export async function markNotificationRead(
  ctx: CommandContext,
  customerId: string,
  id: string,
  metadata: EventMetadata,
) {
  await requireOwnNotification(ctx, customerId, id);
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
) {
  return ctx.bus.execute(metadata, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      AllNotificationsMarkedRead.create({ customerId, type }),
    ]);
  });
}

/**
 * A security notice tells the owner of a change to how they sign in or where their cards go, which
 * someone holding a stolen session may have made: removing one takes a session that proved the
 * customer recently (password or authenticator code), so the token alone cannot erase it unseen.
 */
export async function deleteNotification(
  ctx: CommandContext,
  customerId: string,
  id: string,
  metadata: EventMetadata,
  steppedUp: boolean,
) {
  const type = await requireOwnNotification(ctx, customerId, id);
  if (type === 'security' && !steppedUp) throw stepUpRequired();
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
