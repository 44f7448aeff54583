import { MAX_ACTIVE_SCHEDULES, SCHEDULE_LIMIT_MESSAGES } from '@bank/contracts';
import type { ScheduleLimit } from '../schedule-book.ts';

/** Scheduled transfers one customer may have that can still run. */
export const TRANSFER_SCHEDULE_LIMIT: ScheduleLimit = {
  max: MAX_ACTIVE_SCHEDULES,
  refusal: SCHEDULE_LIMIT_MESSAGES.transfers,
};

/** The customer's book of scheduled transfers (see ../schedule-book.ts). */
export const scheduleBookStream = (customerId: string) => `transfer-schedules-${customerId}`;
