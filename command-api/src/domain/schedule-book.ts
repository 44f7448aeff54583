import { DomainError, type Aggregate, type StreamEvent } from '../kernel/aggregate.ts';
import { requestMark } from './transfers/idempotency.ts';

/**
 * A customer's book of schedules (scheduled transfers, scheduled bill payments) that may still
 * run. Each such schedule is a job in the queue and a run at midnight: without a bound, 120 a
 * minute (the money rate limit) could make tens of thousands in days, whose runs at midnight would
 * hold the job workers while every other customer's scheduled payments waited.
 *
 * Each schedule that starts is written in the book in the same append as the schedule, so
 * schedules made at once are counted one after the other; one that ends is written out of it.
 * The marks are requests recorded without an answer, under `schedule-started:` and
 * `schedule-ended:` keys. Schedules made before a book existed are not in it.
 */
export interface ScheduleLimit {
  max: number;
  refusal: string;
}

const STARTED = 'schedule-started:';
const ENDED = 'schedule-ended:';

/** The ids of the customer's schedules in the book that may still run. */
export const scheduleBookAggregate: Aggregate<
  ReadonlySet<string>,
  StreamEvent<'IdempotentRequestRecorded'>
> = {
  name: 'schedule-book',
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

interface BookEntry {
  customerId: string;
  scheduleId: string;
  now: Date;
}

/** A new schedule in the book, or the limit's refusal when `max` may still run. */
export function decideScheduleStarted(
  active: ReadonlySet<string>,
  schedule: BookEntry,
  limit: ScheduleLimit,
) {
  if (active.size >= limit.max) throw new DomainError('too_many', limit.refusal);
  return [requestMark(schedule.customerId, `${STARTED}${schedule.scheduleId}`, schedule.now)];
}

/** A schedule that will not run again (cancelled, or its last run recorded) leaves the book. */
export function scheduleEnded(schedule: BookEntry) {
  return [requestMark(schedule.customerId, `${ENDED}${schedule.scheduleId}`, schedule.now)];
}
