import type { ScheduleLimit } from '../schedule-book.ts';

/** Scheduled transfers one customer may have that can still run. */
export const MAX_ACTIVE_SCHEDULES = 100;
export const TRANSFER_SCHEDULE_LIMIT: ScheduleLimit = {
  max: MAX_ACTIVE_SCHEDULES,
  refusal: `You can have up to ${MAX_ACTIVE_SCHEDULES} scheduled transfers. Cancel one you no longer need to schedule another.`,
};

/** The customer's book of scheduled transfers (see ../schedule-book.ts). */
export const scheduleBookStream = (customerId: string) => `transfer-schedules-${customerId}`;
