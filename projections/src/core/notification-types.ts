import type { NotificationType } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../projection.ts';

export interface NewNotification {
  customerId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: 'high' | 'medium' | 'low';
}

/**
 * How a money projection's notice handlers raise a notice; the notifications projection passes
 * its own writer in, so the handlers live beside their events without importing it back.
 */
export type RaiseNotification = (
  db: Db,
  event: RecordedEvent,
  notification: NewNotification,
  suffix?: string,
  id?: string,
) => Promise<void>;
