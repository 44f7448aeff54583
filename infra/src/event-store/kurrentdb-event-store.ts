import { randomUUID } from 'node:crypto';
import {
  ANY,
  KurrentDBClient,
  NO_STREAM,
  START as KURRENT_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type EventData,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventReader,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from './types.ts';

/*
 * The EventStore contract on KurrentDB (formerly EventStoreDB), where the guarantees differ from
 * the PostgreSQL store:
 * - Versions: ours count events (a stream with 3 events is at version 3, a new stream at 0);
 *   KurrentDB's revision is the index of the last event (2). expected version n maps to revision
 *   n - 1, 0 and 'no_stream' to NO_STREAM.
 * - Positions: KurrentDB's $all position {commit, prepare} maps to {transactionId: commit,
 *   globalPosition: prepare}; both orders compare commit first. $all never shows an event
 *   before an earlier-positioned one commits, so the "late commit" problem does not arise.
 * - Several streams in one append: atomic only through multiStreamAppend, which needs KurrentDB
 *   25.1 or newer; older servers append stream by stream, and a failure part-way leaves the
 *   earlier streams written (the PostgreSQL store is atomic in every case).
 * - The schema version and our metadata travel in KurrentDB's event metadata.
 * - Closed streams: KurrentDB has no check for "no closing event in the stream", so 'open' is
 *   appended as 'any' here; a credit racing an account's close is refused by the PostgreSQL
 *   store only (this adapter runs in no mode of the bank).
 */

const SCHEMA_VERSION_KEY = '$schemaVersion';

export function kurrentStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any' || expected === 'open') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < 0) {
    throw new Error(`Invalid expected version ${String(expected)}`);
  }
  return BigInt(expected - 1);
}

export function fromKurrentPosition(position: { commit: bigint; prepare: bigint }): Position {
  return { transactionId: position.commit, globalPosition: Number(position.prepare) };
}

export function toKurrentPosition(position: Position): { commit: bigint; prepare: bigint } {
  return { commit: position.transactionId, prepare: BigInt(position.globalPosition) };
}

export function encodeKurrentEvent(event: NewEvent, metadata: EventMetadata): EventData {
  return jsonEvent({
    id: event.eventId ?? randomUUID(),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: { ...metadata, [SCHEMA_VERSION_KEY]: event.schemaVersion },
  });
}

/** A KurrentDB event as our RecordedEvent, upcast by the catalogue; system events are undefined. */
export function decodeKurrentEvent(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
  reader: EventReader,
): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson || event.streamId.startsWith('$') || event.type.startsWith('$')) {
    return undefined;
  }
  const { [SCHEMA_VERSION_KEY]: schemaVersion, ...metadata } = (event.metadata ?? {}) as Record<
    string,
    unknown
  >;
  const version = typeof schemaVersion === 'number' ? schemaVersion : 1;
  const position = event.position ?? { commit: 0n, prepare: 0n };
  return {
    eventId: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision) + 1,
    type: event.type,
    schemaVersion: version,
    event: reader.read(event.type, version, event.data),
    metadata: metadata as EventMetadata,
    recordedAt: event.created,
    position: fromKurrentPosition(position),
  };
}

export interface KurrentDbEventStoreOptions {
  /** e.g. kurrentdb://localhost:2113?tls=false (EVENTSTORE_URL). */
  connectionString: string;
  reader: EventReader;
  /** Whether the server has multiStreamAppend (KurrentDB 25.1+); true by default. */
  atomicMultiStream?: boolean;
}

export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const atomic = options.atomicMultiStream ?? true;

  async function appendOne(append: StreamAppend, metadata: EventMetadata) {
    try {
      const result = await client.appendToStream(
        append.streamId,
        append.events.map((e) => encodeKurrentEvent(e, metadata)),
        { streamState: kurrentStreamState(append.expectedVersion) },
      );
      return {
        version: Number(result.nextExpectedRevision) + 1,
        position: result.position ? fromKurrentPosition(result.position) : undefined,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw new ConcurrencyError(append.streamId);
      throw error;
    }
  }

  return {
    async append(appends, metadata): Promise<AppendResult> {
      const nonEmpty = appends.filter((a) => a.events.length > 0);
      if (nonEmpty.length === 0) throw new Error('Nothing to append');
      const versions: Record<string, number> = {};
      if (nonEmpty.length > 1 && atomic) {
        try {
          const result = await client.multiStreamAppend(
            nonEmpty.map((a) => ({
              streamName: a.streamId,
              events: a.events.map((e) => encodeKurrentEvent(e, metadata)),
              expectedState: kurrentStreamState(a.expectedVersion),
            })),
          );
          for (const response of result.responses) {
            versions[response.streamName] = Number(response.revision) + 1;
          }
          return {
            position: fromKurrentPosition({ commit: result.position, prepare: result.position }),
            versions,
          };
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) {
            throw new ConcurrencyError(error.streamName);
          }
          throw error;
        }
      }
      let position: Position = { transactionId: 0n, globalPosition: 0 };
      for (const append of nonEmpty) {
        const result = await appendOne(append, metadata);
        versions[append.streamId] = result.version;
        if (result.position) position = result.position;
      }
      return { position, versions };
    },

    async readStream(streamId, afterVersion = 0) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          fromRevision: BigInt(afterVersion),
        })) {
          const decoded = decodeKurrentEvent(resolved, options.reader);
          if (decoded) events.push(decoded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(after, limit) {
      const events: RecordedEvent[] = [];
      let from = after;
      // Pages until `limit` of our events: system events ($-prefixed) are skipped, and $all reads
      // from a position inclusively, so the event at `from` itself is skipped too.
      for (;;) {
        const start = from.transactionId === 0n && from.globalPosition === 0;
        let seen = 0;
        for await (const resolved of client.readAll({
          fromPosition: start ? KURRENT_START : toKurrentPosition(from),
          maxCount: limit + 1,
        })) {
          seen += 1;
          const position = resolved.event?.position;
          if (!position) continue;
          const p = fromKurrentPosition(position);
          if (p.transactionId === from.transactionId && p.globalPosition === from.globalPosition) {
            continue;
          }
          from = p;
          const decoded = decodeKurrentEvent(resolved, options.reader);
          if (decoded) events.push(decoded);
          if (events.length === limit) return events;
        }
        if (seen < limit + 1) return events;
      }
    },

    async close() {
      await client.dispose();
    },
  };
}
