import { createHash } from 'node:crypto';
import type { EventMetadata, Position, RecordedEvent } from '../event-store/types.ts';

/**
 * Every committed event, on the partition of its key (the customer who owns its stream): one
 * customer's events keep their global order. A fact about two customers also goes to the other
 * party's partition, and an erasure to every partition (see @bank/events' partitioning).
 */
export const EVENTS_TOPIC = 'bank.events';
export const DEFAULT_PARTITIONS = 6;

/**
 * The partition of a key: the first 32 bits of its MD5, modulo the partition count. The relay
 * places events with it, and the projection workers ask it which customers a partition holds.
 */
export function partitionOf(key: string, partitions: number): number {
  return Number.parseInt(createHash('md5').update(key).digest('hex').slice(0, 8), 16) % partitions;
}

/**
 * A relay message is either an event, or a watermark: "every event up to this position has been
 * sent to every partition", which lets a partition consumer tell how far the global order is done.
 * An event is `side` on a partition other than its key's: it was sent there for the rows of the
 * other party (or, for an erasure, of everyone) that partition holds.
 */
export type RelayMessage =
  | { kind: 'event'; event: RecordedEvent; sealed: boolean; side: boolean }
  | { kind: 'watermark'; position: Position };

interface EventPayload {
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  event: { type: string; data: unknown };
  metadata: EventMetadata;
  recordedAt: string;
  /** The data as stored: personal data sealed, schema version as written (open it to read). */
  sealed?: boolean;
}

export interface KafkaMessageLike {
  key?: Buffer | string | null;
  value: Buffer | string | null;
  headers?: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
}

export function formatPositionHeader(position: Position): string {
  return `${position.transactionId}.${position.globalPosition}`;
}

export function parsePositionHeader(text: string): Position {
  const match = /^(\d+)\.(\d+)$/.exec(text);
  if (!match) throw new Error(`Bad position header "${text}"`);
  return { transactionId: BigInt(match[1]!), globalPosition: Number(match[2]) };
}

/**
 * An event as a message keyed by `key` (its stream's owner). Sent to any other partition than the
 * key's, it is marked `side`.
 */
export function encodeEvent(
  event: RecordedEvent,
  sealed: boolean,
  key: string = event.streamId,
  side = false,
): KafkaMessageLike & { key: string; value: string } {
  const payload: EventPayload = {
    eventId: event.eventId,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    schemaVersion: event.schemaVersion,
    event: event.event as EventPayload['event'],
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
    ...(sealed ? { sealed } : {}),
  };
  return {
    key,
    value: JSON.stringify(payload),
    headers: {
      kind: 'event',
      position: formatPositionHeader(event.position),
      ...(side ? { side: '1' } : {}),
    },
  };
}

export function encodeWatermark(
  position: Position,
  partition: number,
): KafkaMessageLike & { partition: number; value: string } {
  return {
    partition,
    value: '',
    headers: { kind: 'watermark', position: formatPositionHeader(position) },
  };
}

function header(message: KafkaMessageLike, name: string): string | undefined {
  const value = message.headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

export function decodeMessage(message: KafkaMessageLike): RelayMessage {
  const positionText = header(message, 'position');
  if (!positionText) throw new Error('Relay message without a position header');
  const position = parsePositionHeader(positionText);
  if (header(message, 'kind') === 'watermark') return { kind: 'watermark', position };
  if (message.value === null) throw new Error('Relay event message without a value');
  const payload = JSON.parse(message.value.toString()) as EventPayload;
  return {
    kind: 'event',
    event: {
      eventId: payload.eventId,
      streamId: payload.streamId,
      streamVersion: payload.streamVersion,
      type: payload.type,
      schemaVersion: payload.schemaVersion,
      event: payload.event,
      metadata: payload.metadata,
      recordedAt: new Date(payload.recordedAt),
      position,
    },
    sealed: payload.sealed === true,
    side: header(message, 'side') === '1',
  };
}
