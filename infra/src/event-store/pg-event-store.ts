import type { Pool } from '../postgres/pool.ts';
import { currentTraceContext, inSpan } from '../observability/tracing.ts';
import { createCommitStatements } from './commit-statements.ts';
import { recordedEvent, storedOf, EVENT_COLUMNS, type EventRow } from './event-rows.ts';
import { createGroupCommit } from './group-commit.ts';
import { ChainHasher } from './hash-chain.ts';
import type { EventProtector } from './pii-protector.ts';
import { StreamHeads } from './stream-heads.ts';
import { createStreamReadBatcher } from './stream-reads.ts';
import { readTolerantly } from './tolerant-read.ts';
import { readLogRows } from './log-rows.ts';
import {
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventReader,
  type EventStore,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from './types.ts';

export interface PgEventStoreOptions {
  /** Upcasts stored events to their latest shape (the event catalogue). */
  reader: EventReader;
  /** How many commands at most share one commit. */
  maxBatchSize?: number;
  /** How many group commits may be in flight at once. */
  writers?: number;
  /** How many stream reads may be in flight at once; the reads that wait meanwhile share one. */
  readers?: number;
  /** Encrypts personal data per customer on write, decrypts on read (crypto-shredding). */
  protector?: EventProtector;
  /**
   * Append through append_batch() only, the database deciding, numbering and hashing each event
   * (what the store falls back to whenever the heads it knows cannot be used). By default the
   * store chains the hashes itself and append_events() inserts the batch in one statement.
   */
  hashInDatabase?: boolean;
  /** How many events read by readAll are kept opened for the next reads of them. */
  followedEvents?: number;
  /**
   * The partition key of each stream an append writes to (its owner), stamped in each event's
   * metadata (`partitionKey`, see @bank/events' partitioning): what scale mode keys the events by
   * on Kafka.
   */
  partitionKeys?: (appends: StreamAppend[]) => Record<string, string>;
}

/** The last `capacity` values set, by key; the oldest set goes first. */
class RecentlyRead<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  has(key: string): boolean {
    return this.values.has(key);
  }

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  clear(): void {
    this.values.clear();
  }

  set(key: string, value: T): void {
    if (this.capacity <= 0) return;
    this.values.set(key, value);
    if (this.values.size > this.capacity) {
      this.values.delete(this.values.keys().next().value as string);
    }
  }
}

/**
 * PostgreSQL event store with group commit (group-commit.ts): appends that arrive while a commit
 * is in flight queue up and share the next commit, each still checked against its own expected
 * versions. Stream reads are batched the same way (stream-reads.ts); the log's followers read
 * through a cache of the events they read lately.
 */
export function createPgEventStore(pool: Pool, options: PgEventStoreOptions): EventStore {
  /** The heads of the streams this store wrote or read: the base of the chains it computes. */
  const heads = new StreamHeads();
  const commits = createGroupCommit(createCommitStatements(pool, heads, new ChainHasher()), {
    maxBatchSize: options.maxBatchSize ?? 256,
    writers: options.writers ?? 2,
    hashInDatabase: options.hashInDatabase ?? false,
  });
  /**
   * The events the log's followers read lately, opened and read (upcast, validated). Loops at
   * different positions (the projections) read the same events again and again: each event's
   * personal data is then decrypted and its data validated once, not once per read.
   */
  const followed = new RecentlyRead<RecordedEvent['event']>(options.followedEvents ?? 8192);
  /**
   * The protector's erasures when the events kept were opened: after a key is destroyed, an
   * event kept opened could hand out what is now erased, so they are all opened again.
   */
  let followedErasures = options.protector?.erasures?.() ?? 0;
  const streamReads = createStreamReadBatcher(pool, options.readers ?? 4);

  const toRecorded = (row: EventRow): RecordedEvent =>
    recordedEvent(row, options.reader.read(row.type, row.schema_version, row.data));
  /** Readers that follow the log pass over an event they cannot read instead of stopping. */
  const toRecordedTolerantly = (row: EventRow): RecordedEvent =>
    recordedEvent(row, readTolerantly(options.reader, storedOf(row), row.data));

  async function readAllRows(after: Position, limit: number): Promise<EventRow[]> {
    const { rows } = await pool.query<EventRow>({
      // Named: the followers of the log send it all the time; it is parsed once per connection.
      name: 'read-all',
      text: `SELECT ${EVENT_COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY events.transaction_id, events.global_position
       LIMIT $3`,
      values: [after.transactionId.toString(), after.globalPosition, limit],
    });
    return rows;
  }

  async function appendTraced(
    appends: StreamAppend[],
    metadata: EventMetadata,
    onQueue: (() => void) | undefined,
    partitionKeys: Readonly<Record<string, string>> | undefined,
  ): Promise<AppendResult> {
    const protector = options.protector;
    const sealed = protector
      ? await Promise.all(
          appends.map(async (a) => ({ ...a, events: await protector.seal(a.events) })),
        )
      : appends;
    return commits.enqueue(sealed, metadata, onQueue, partitionKeys);
  }

  return {
    async append(appends, given, onQueue) {
      if (appends.every((a) => a.events.length === 0)) throw new Error('Nothing to append');
      return inSpan('event-store append', () => {
        // The append's trace context goes with its events (to projections, across Kafka).
        const metadata: EventMetadata = { ...given, ...currentTraceContext() };
        const keys = options.partitionKeys?.(appends);
        const stamped = keys && Object.keys(keys).length > 0 ? keys : undefined;
        return appendTraced(appends, metadata, onQueue, stamped);
      });
    },
    async readStream(streamId, afterVersion = 0) {
      const rows = await streamReads.read(streamId, afterVersion);
      const last = rows.at(-1);
      if (last) heads.saw(streamId, { version: last.stream_version, hash: last.hash });
      await options.protector?.open(rows);
      return rows.map(toRecorded);
    },

    async readAll(after: Position, limit: number, opens?: (type: string) => boolean) {
      const rows = await readAllRows(after, limit);
      const erasures = () => options.protector?.erasures?.() ?? 0;
      if (erasures() !== followedErasures) {
        followed.clear();
        followedErasures = erasures();
      }
      const fresh = rows.filter(
        (row) => (!opens || opens(row.type)) && !followed.has(row.event_id),
      );
      await options.protector?.open(fresh);
      // A key destroyed while these were opened: they are handed out this once, not kept.
      const keep = erasures() === followedErasures;
      return rows.map((row) => {
        if (opens && !opens(row.type))
          return recordedEvent(row, { type: row.type, data: row.data });
        let event = followed.get(row.event_id);
        if (!event) {
          event = toRecordedTolerantly(row).event;
          if (keep) followed.set(row.event_id, event);
        }
        return recordedEvent(row, event);
      });
    },

    async readAllSealed(after: Position, limit: number) {
      const rows = await readAllRows(after, limit);
      return rows.map((row) => recordedEvent(row, { type: row.type, data: row.data }));
    },

    async readAllOfTypes(after, limit, types) {
      const { rows, head } = await readLogRows(pool, after, limit, { types, withHead: true });
      await options.protector?.open(rows);
      const events = rows.map(toRecordedTolerantly);
      // Every event up to the head was looked at, unless the batch filled up before it.
      const reached = events.length >= limit ? events.at(-1)!.position : (head ?? after);
      return { events, through: comparePositions(reached, after) > 0 ? reached : after };
    },

    async openSealed(events) {
      const rows = events.map((e) => ({ type: e.type, data: structuredClone(e.event.data) }));
      await options.protector?.open(rows);
      return events.map((e, i) => ({
        ...e,
        event: readTolerantly(options.reader, e, rows[i]!.data),
      }));
    },

    async openRows(rows) {
      await options.protector?.open(rows);
    },

    close() {
      return commits.drain();
    },
  };
}
