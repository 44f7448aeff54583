import { comparePositions, type Position } from '../event-store/types.ts';
import type { RelayMessage } from './codec.ts';

/** Where a consumer stands on one partition, as stored with its writes (kafka_offsets). */
export interface PartitionCursor {
  /** Messages below this Kafka offset were handled in an earlier transaction. */
  storedNext: bigint;
  /** The last event applied from this partition, in the global order. */
  lastApplied: Position;
  /** Every event up to here has been seen on this partition. */
  watermark: Position;
}

export type RelayedEvent = Extract<RelayMessage, { kind: 'event' }>;

const maxPosition = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);

/**
 * Which of a partition's messages are new, moving the cursor past them: those not below the stored
 * offset and, for an event, past what was applied and past `floor` (what a rebuild from the
 * PostgreSQL log already covers).
 *
 * That is all the relay's guarantees need. Each relay leader sends the log in its global order,
 * from the checkpoint it inherited, through one idempotent producer (per partition, Kafka keeps a
 * producer's messages in order, once). So whatever lands on a partition is a merge of in-order
 * runs: duplicates of what a crashed or deposed leader sent, and a deposed leader's late batches,
 * each of which follows that leader's earlier ones. Dropping what is not past the last applied
 * event leaves every event once, in order, with no gap.
 */
export function admitMessages(
  cursor: PartitionCursor,
  offsets: readonly string[],
  messages: readonly RelayMessage[],
  floor: Position,
): RelayedEvent[] {
  const fresh: RelayedEvent[] = [];
  let skip = maxPosition(cursor.lastApplied, floor);
  messages.forEach((message, i) => {
    if (BigInt(offsets[i]!) < cursor.storedNext) return;
    if (message.kind === 'watermark') {
      cursor.watermark = maxPosition(cursor.watermark, message.position);
      return;
    }
    if (comparePositions(message.event.position, skip) <= 0) return;
    cursor.lastApplied = message.event.position;
    skip = message.event.position;
    fresh.push(message);
  });
  return fresh;
}
