/**
 * How many schedules a customer may have that can still run, of scheduled transfers and of
 * scheduled bill payments each, and the refusal of one more. The web app shows the count against
 * the limit and, on the refusal, the way to the list.
 */
export const MAX_ACTIVE_SCHEDULES = 100;

export const SCHEDULE_LIMIT_MESSAGES = {
  transfers: `You can have up to ${MAX_ACTIVE_SCHEDULES} scheduled transfers. Cancel one you no longer need to schedule another.`,
  billPayments: `You can have up to ${MAX_ACTIVE_SCHEDULES} scheduled payments. Cancel one you no longer need to schedule another.`,
} as const;
