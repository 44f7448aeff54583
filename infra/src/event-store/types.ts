/** A position in the global order: the committing transaction's id, then the sequence number. */
export interface Position {
  transactionId: bigint;
  globalPosition: number;
}

export const START: Position = { transactionId: 0n, globalPosition: 0 };

export function comparePositions(a: Position, b: Position): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

/** The X-Consistency-Token text form of a position. */
export function formatPosition(position: Position): string {
  return `${position.transactionId}.${position.globalPosition}`;
}

/** A position from its two stored columns (transaction_id as text, global_position). */
export function positionFromColumns(
  transactionId: string | bigint,
  globalPosition: string | number,
): Position {
  return { transactionId: BigInt(transactionId), globalPosition: Number(globalPosition) };
}

export function parsePosition(token: string): Position | undefined {
  const match = /^(\d{1,20})\.(\d{1,16})$/.exec(token.trim());
  if (!match) return undefined;
  return { transactionId: BigInt(match[1]!), globalPosition: Number(match[2]) };
}

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** Who caused it: `customer:<id>`, `ops`, `system:<job>`. */
  actor?: string;
  idempotencyKey?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  data: unknown;
  schemaVersion: number;
  eventId?: string;
}

/**
 * `open`: any version, as long as the stream holds no closing event (see CLOSING_EVENT_TYPES): a
 * credit, which depends on no version of the recipient's account but must not land after its close.
 */
export type ExpectedVersion = number | 'any' | 'open' | 'no_stream';

export interface StreamAppend {
  streamId: string;
  /** The version the stream must be at (0 or 'no_stream' for a new stream), 'any' or 'open'. */
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  /**
   * The stream is written once, when created, and not appended to again (a transfer, an
   * idempotency key's reply): the store keeps no head for it. Kept, two such heads per transfer
   * filled the store's heads, crowding out the ones appends come back to, and stayed on the heap;
   * an append to it after all reads its head from the log.
   */
  writtenOnce?: boolean;
}

export interface RecordedEvent<E = { type: string; data: unknown }> {
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  event: E;
  metadata: EventMetadata;
  recordedAt: Date;
  position: Position;
}

/** Upcasts a stored event's data to its type's latest shape (the event catalogue). */
export interface EventReader {
  read(type: string, schemaVersion: number, data: unknown): { type: string; data: unknown };
}

export interface AppendResult {
  position: Position;
  /** The version each stream is at after the append. */
  versions: Record<string, number>;
}

export class ConcurrencyError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} was changed concurrently`);
  }
}

/**
 * The event-store contract. One append call is one atomic unit: every stream's events commit
 * together or none do, and each stream's expected version is checked.
 */
export interface EventStore {
  append(
    appends: StreamAppend[],
    metadata: EventMetadata,
    /**
     * Called synchronously as the append joins the commit queue (PostgreSQL store only): appends
     * that touch a stream commit in the order they joined, so the caller may let the next command
     * on these streams decide on the outcome of this one. If it throws, the append is not queued
     * and fails with that error.
     */
    onQueue?: () => void,
  ): Promise<AppendResult>;
  readStream(streamId: string, afterVersion?: number): Promise<RecordedEvent[]>;
  /**
   * Reads committed events after a position in the global order, never skipping a late commit.
   * With `opens`, only events of the types it accepts are opened and read through the catalogue;
   * the others come as stored (sealed, in their stored schema version), for a follower that
   * looks at no more than their type and position.
   */
  readAll(
    after: Position,
    limit: number,
    opens?: (type: string) => boolean,
  ): Promise<RecordedEvent[]>;
  /** Opens sealed personal data in rows read straight from the events table (rebuilds). */
  openRows?(rows: { type: string; data: unknown }[]): Promise<void>;
  /**
   * readAll as stored: personal data still sealed and data in its stored schema version, for
   * copies outside the database (Kafka), which erasure must make unreadable too.
   */
  readAllSealed?(after: Position, limit: number): Promise<RecordedEvent[]>;
  /** Opens and upcasts events read by readAllSealed (a Kafka consumer, after erasure too). */
  openSealed?(events: RecordedEvent[]): Promise<RecordedEvent[]>;
  /**
   * readAll of some event types only, and how far the read went (where the reader's checkpoint
   * moves to): the other events are passed over in the database, not sent.
   */
  readAllOfTypes?(
    after: Position,
    limit: number,
    types: readonly string[],
  ): Promise<{ events: RecordedEvent[]; through: Position }>;
  close(): Promise<void>;
}
