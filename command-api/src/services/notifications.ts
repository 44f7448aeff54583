import {
  AllNotificationsMarkedRead,
  NotificationDeleted,
  NotificationRaised,
  NotificationsMarkedRead,
  streams,
  type EventData,
  type NotificationType,
} from '@bank/events';
import { deterministicUuid, notFound, type EventMetadata } from '@bank/infra';
import { notificationExists } from '@bank/projections';
import { existence } from '../kernel/aggregate.ts';
import type { CommandContext } from './context.ts';

async function requireOwnNotification(ctx: CommandContext, customerId: string, id: string) {
  if (!(await notificationExists(ctx.pool, customerId, id))) throw notFound();
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

export async function deleteNotification(
  ctx: CommandContext,
  customerId: string,
  id: string,
  metadata: EventMetadata,
) {
  await requireOwnNotification(ctx, customerId, id);
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
