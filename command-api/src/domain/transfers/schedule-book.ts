import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { requestMark } from './idempotency.ts';

/**
 * Scheduled transfers one customer may have that can still run. Each is a job in the queue and
 * a run at midnight: without a bound, 120 schedules a minute (the money rate limit) could make
 * tens of thousands in days, whose runs at midnight would hold the job workers while every other
 * customer's scheduled payments waited.
 */
export const MAX_ACTIVE_SCHEDULES = 100;
export const TOO_MANY_SCHEDULES_MESSAGE = `You can have up to ${MAX_ACTIVE_SCHEDULES} scheduled transfers. Cancel one you no longer need to schedule another.`;

/**
 * The customer's book of schedules: each one that starts and each one that ends (cancelled, or
 * its last run recorded) is written there, the start in the same append as the schedule, so
 * schedules made at once are counted one after the other.
 */
export const scheduleBookStream = (customerId: string) => `transfer-schedules-${customerId}`;

const STARTED = 'schedule-started:';
const ENDED = 'schedule-ended:';

/** The ids of the customer's schedules that may still run (those started before the book are not in it). */
export const scheduleBookAggregate: Aggregate<
  ReadonlySet<string>,
  StreamEvent<'IdempotentRequestRecorded'>
> = {
  name: 'transfer-schedule-book',
  initial: () => new Set<string>(),
  evolve(active, event) {
    if (event.type !== 'IdempotentRequestRecorded') return active;
    const { requestHash } = event.data;
    const next = new Set(active);
    if (requestHash.startsWith(STARTED)) next.add(requestHash.slice(STARTED.length));
    else if (requestHash.startsWith(ENDED)) next.delete(requestHash.slice(ENDED.length));
    return next;
  },
};

/** A new schedule in the book, or a refusal when MAX_ACTIVE_SCHEDULES may still run. */
export function decideScheduleStarted(
  active: ReadonlySet<string>,
  schedule: { customerId: string; scheduleId: string; now: Date },
) {
  if (active.size >= MAX_ACTIVE_SCHEDULES) {
    throw new DomainError('too_many', TOO_MANY_SCHEDULES_MESSAGE);
  }
  return [requestMark(schedule.customerId, `${STARTED}${schedule.scheduleId}`, schedule.now)];
}

/** A schedule that will not run again (cancelled, or its last run recorded) leaves the book. */
export function scheduleEnded(schedule: { customerId: string; scheduleId: string; now: Date }) {
  return [requestMark(schedule.customerId, `${ENDED}${schedule.scheduleId}`, schedule.now)];
}
