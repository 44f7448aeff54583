import type { NotificationType } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';

export interface NewNotification {
  customerId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority: 'high' | 'medium' | 'low';
}

/**
 * How the notice handlers of the money events raise a notice: the projection passes its writer in,
 * so they need not import the projection that includes them.
 */
export type RaiseNotification = (
  db: Db,
  event: RecordedEvent,
  notification: NewNotification,
  suffix?: string,
  id?: string,
) => Promise<void>;
