import { NOTIFICATION_TYPES as notificationTypes } from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

// The web app filters by the same types: they live in the contract.
export { notificationTypes };
export type { NotificationType } from '@bank/contracts';

export const NotificationsMarkedRead = defineEvent(
  'NotificationsMarkedRead',
  z.object({ customerId: z.uuid(), notificationIds: z.array(z.uuid()) }),
);

/**
 * Marks read the customer's notifications (of one type, if given) raised at or before
 * `upToPosition`, the newest one their list held when they asked: a notice raised after that
 * stays unread. Without it (events recorded before it was kept), every notification the customer
 * has at this point in the log.
 */
export const AllNotificationsMarkedRead = defineEvent(
  'AllNotificationsMarkedRead',
  z.object({
    customerId: z.uuid(),
    /** The filter the customer chose (null: every type). */
    type: z.enum(notificationTypes).nullable(),
    /**
     * The types that filter found when it was chosen, which are the ones marked read. Events
     * recorded before a filter could find several types have none: their `type` alone was marked.
     */
    types: z.array(z.enum(notificationTypes)).optional(),
    upToPosition: z.number().int().nonnegative().optional(),
  }),
);

export const NotificationDeleted = defineEvent(
  'NotificationDeleted',
  z.object({ customerId: z.uuid(), notificationId: z.uuid() }),
);

/** A notification raised directly (system messages, staff announcements, job outcomes). */
export const NotificationRaised = defineEvent(
  'NotificationRaised',
  z.object({
    customerId: z.uuid(),
    notificationId: z.uuid(),
    type: z.enum(notificationTypes),
    title: z.string(),
    message: z.string(),
    priority: z.enum(['high', 'medium', 'low']),
  }),
);

export const notificationEvents = [
  NotificationsMarkedRead,
  AllNotificationsMarkedRead,
  NotificationDeleted,
  NotificationRaised,
] as const;
