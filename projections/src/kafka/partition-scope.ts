import { partitionOf, type RecordedEvent } from '@bank/infra';
import type { Projection, Scope } from '../projection.ts';

/** What one Kafka partition's events are applied for: the customers whose key falls on it. */
export function partitionScope(partition: number, partitions: number): Scope {
  return {
    owns: (customerId) => partitionOf(customerId, partitions) === partition,
    shard: partition,
  };
}

/**
 * Whether an event on a partition concerns the projection: always on its key's partition; a copy
 * sent there for another party's rows (`side`) only when the projection writes sides of it.
 */
export function concerns(projection: Projection, event: RecordedEvent, side: boolean): boolean {
  return !side || (projection.sided ?? []).includes(event.type as never);
}
