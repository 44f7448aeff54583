import { z } from 'zod';
import { successOf } from './envelope.ts';

/** What a notification is about; the panel filters by it. */
export const NOTIFICATION_TYPES = [
  'security',
  'card',
  'transaction',
  'transfer',
  'zelle',
  'bill_payment',
  'system',
  'crypto',
  'support',
  'alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The types a filter by type finds. Transactions covers every notice of money moving (transfers,
 * Zelle, bill payments, and the alerts a customer set on their balances and card use), so no
 * notice is out of reach of the panel's filters, which name only the broad kinds.
 */
export function notificationTypesFound(filter: NotificationType): NotificationType[] {
  return filter === 'transaction'
    ? ['transaction', 'transfer', 'zelle', 'bill_payment', 'alert']
    : [filter];
}

/** How a notification is styled (nothing else depends on it). */
export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;

/** A notification as the panel shows it; `time_ago` is said by the server ("5 minutes ago"). */
export const notificationView = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  is_read: z.boolean(),
  time_ago: z.string(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;

/** The answer of GET /notifications: a page of them, newest first. */
export const notificationsListData = z.object({
  notifications: z.array(notificationView),
  page: z.number(),
  per_page: z.number(),
});
export const notificationsListAnswer = successOf(notificationsListData);

/** The answer of GET /notifications/summary: the counts the bell and the panel show. */
export const notificationSummaryData = z.object({
  unread_count: z.number(),
  total_count: z.number(),
});
export type NotificationSummary = z.infer<typeof notificationSummaryData>;
export const notificationSummaryAnswer = successOf(notificationSummaryData);
