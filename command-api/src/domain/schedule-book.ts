import { ScheduleBooked, ScheduleUnbooked } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../kernel/aggregate.ts';

/**
 * A customer's book of schedules (scheduled transfers, scheduled bill payments) that may still
 * run. Each such schedule is a job in the queue and a run at midnight: without a bound, 120 a
 * minute (the money rate limit) could make tens of thousands in days, whose runs at midnight would
 * hold the job workers while every other customer's scheduled payments waited.
 *
 * Each schedule that starts is written in the book (`ScheduleBooked`) in the same append as the
 * schedule, so schedules made at once are counted one after the other; one that ends is written
 * out of it (`ScheduleUnbooked`). Schedules made before a book existed are not in it.
 */
export interface ScheduleLimit {
  max: number;
  refusal: string;
}

/** The ids of the customer's schedules in the book that may still run. */
export const scheduleBookAggregate: Aggregate<
  ReadonlySet<string>,
  StreamEvent<'ScheduleBooked' | 'ScheduleUnbooked'>
> = {
  name: 'schedule-book',
  initial: () => new Set<string>(),
  evolve(active, event) {
    const next = new Set(active);
    if (event.type === 'ScheduleBooked') next.add(event.data.scheduleId);
    else if (event.type === 'ScheduleUnbooked') next.delete(event.data.scheduleId);
    return next;
  },
};

interface BookEntry {
  customerId: string;
  scheduleId: string;
}

/** A new schedule in the book, or the limit's refusal when `max` may still run. */
export function decideScheduleStarted(
  active: ReadonlySet<string>,
  entry: BookEntry,
  limit: ScheduleLimit,
) {
  if (active.size >= limit.max) throw new DomainError('too_many', limit.refusal);
  return [ScheduleBooked.create(entry)];
}

/** A schedule that will not run again (cancelled, or its last run recorded) leaves the book. */
export function scheduleEnded(entry: BookEntry) {
  return [ScheduleUnbooked.create(entry)];
}
