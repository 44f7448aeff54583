import {
  AllNotificationsMarkedRead,
  NotificationDeleted,
  NotificationsMarkedRead,
  streams,
  type NotificationType,
} from '@bank/events';
import { notFound, type EventMetadata } from '@bank/infra';
import { notificationExists } from '@bank/projections';
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
