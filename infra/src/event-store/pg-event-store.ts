import { randomUUID } from 'node:crypto';
import type { Pool } from '../postgres/pool.ts';
import type { EventProtector } from './pii-protector.ts';
import { ChainHasher } from './hash-chain.ts';
import { APPEND_EVENTS_SQL, headsToRead, planChainedBatch } from './chained-batch.ts';
import { StreamHeads } from './stream-heads.ts';
import { readTolerantly } from './tolerant-read.ts';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from './types.ts';
import {
  commitDuration,
  concurrencyConflicts,
  eventStoreAppends,
  eventStoreEventsAppended,
  groupCommitBatchSize,
} from '../observability/metrics.ts';
import { currentTraceContext, inSpan } from '../observability/tracing.ts';

export interface EventReader {
  read(type: string, schemaVersion: number, data: unknown): { type: string; data: unknown };
}

interface PendingAppend {
  appends: StreamAppend[];
  metadata: EventMetadata;
  /** performance.now() when it was queued, for the commit latency. */
  queuedAt: number;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** An events row as EVENT_COLUMNS selects it. */
export interface EventRow {
  global_position: number;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at';

/** The recorded event of a row, with its data already read (opened, upcast) as `event`. */
export const recordedEvent = (row: EventRow, event: RecordedEvent['event']): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  schemaVersion: row.schema_version,
  event,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
  position: { transactionId: BigInt(row.transaction_id), globalPosition: row.global_position },
});

/** The identity of a stored row, as a tolerant read reports it. */
export const storedOf = (row: EventRow) => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  type: row.type,
  schemaVersion: row.schema_version,
});

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
   * The partition key of each stream an append writes to (its owner), stamped in the metadata
   * as `partitionKeys`: what scale mode keys the events by on Kafka.
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

/** One command's answer from a group commit. */
interface CommandRow {
  command_index: number;
  conflict_stream: string | null;
  last_position: number | null;
  versions: Record<string, number>;
  txid: string;
}

/**
 * PostgreSQL event store with group commit: appends that arrive while a commit is in flight
 * queue up and share the next commit, each still checked against its own expected versions.
 */
export function createPgEventStore(pool: Pool, options: PgEventStoreOptions): EventStore {
  const maxBatchSize = options.maxBatchSize ?? 256;
  const writers = options.writers ?? 2;
  let queue: PendingAppend[] = [];
  let inFlight = 0;
  /** The streams the group commits in flight append to: no two batches in flight share one. */
  const busyStreams = new Set<string>();

  /** The heads of the streams this store wrote or read: the base of the chains it computes. */
  const heads = new StreamHeads();
  const hasher = new ChainHasher();
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

  /** Settles a batch's appends with the rows append_batch() (or the chained path) answered. */
  function settle(batch: PendingAppend[], rows: CommandRow[]): void {
    groupCommitBatchSize.observe(batch.length);
    const committedAt = performance.now();
    for (const row of rows) {
      const pending = batch[row.command_index]!;
      commitDuration.observe((committedAt - pending.queuedAt) / 1000);
      if (row.last_position === null) {
        eventStoreAppends.inc({ outcome: 'conflict' });
        concurrencyConflicts.inc();
        pending.reject(new ConcurrencyError(row.conflict_stream ?? 'unknown'));
      } else {
        eventStoreAppends.inc({ outcome: 'committed' });
        eventStoreEventsAppended.inc(pending.appends.reduce((n, a) => n + a.events.length, 0));
        pending.resolve({
          position: { transactionId: BigInt(row.txid), globalPosition: row.last_position },
          versions: row.versions,
        });
      }
    }
  }

  /** The group commit through append_batch(): the database decides, numbers and hashes. */
  async function commitInDatabase(batch: PendingAppend[]): Promise<CommandRow[]> {
    const payload = batch.map((p) => ({
      metadata: p.metadata,
      appends: p.appends.map((a) => ({
        stream: a.streamId,
        expected: a.expectedVersion,
        events: a.events.map((e) => ({
          id: e.eventId ?? randomUUID(),
          type: e.type,
          version: e.schemaVersion,
          data: e.data,
        })),
      })),
    }));
    // One statement is one atomic transaction of its own: a single round trip per group
    // commit instead of BEGIN, SELECT and COMMIT.
    const { rows } = await pool.query<CommandRow>({
      // Named: each connection parses and plans the hot statements once.
      name: 'append-batch',
      text: 'SELECT b.*, pg_current_xact_id()::text AS txid FROM append_batch($1::jsonb) b',
      values: [JSON.stringify(payload)],
    });
    // What the database appended is not known here: those heads are read again when needed.
    for (const pending of batch) for (const a of pending.appends) heads.forget(a.streamId);
    return rows;
  }

  async function readHeads(streamIds: string[]): Promise<void> {
    const { rows } = await pool.query<{ stream: string; version: number; hash: string | null }>({
      name: 'stream-heads',
      text: `SELECT s.stream, coalesce(h.stream_version, 0) AS version, encode(h.hash, 'hex') AS hash
             FROM unnest($1::text[]) AS s(stream)
             LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM events e
                                 WHERE e.stream_id = s.stream
                                 ORDER BY e.stream_version DESC LIMIT 1) h ON true`,
      values: [streamIds],
    });
    for (const row of rows) heads.saw(row.stream, { version: row.version, hash: row.hash });
  }

  /**
   * The group commit decided and hashed here, on the heads of the streams this store knows
   * (append_events() inserts it if every stream is still at the head assumed). Undefined when it
   * could not be: the heads kept moving, or an event id was given twice (append_batch() then
   * fails only the commands that gave it).
   */
  async function commitChained(batch: PendingAppend[]): Promise<CommandRow[] | undefined> {
    for (let round = 0; round < 3; round += 1) {
      const unknown = headsToRead(batch, (s) => heads.get(s));
      if (unknown.length > 0) await readHeads(unknown);
      const plan = planChainedBatch(batch, (s) => heads.get(s), hasher);
      let answer: { stale_streams: string[] | null; positions: number[] | null; txid: string };
      try {
        [answer] = (
          await pool.query<typeof answer>({
            name: 'append-events',
            text: APPEND_EVENTS_SQL,
            values: plan.values,
          })
        ).rows as [typeof answer];
      } catch (error) {
        // Whether it committed is not known (a lost connection): read those heads again.
        for (const streamId of plan.assumed.keys()) heads.forget(streamId);
        if ((error as { code?: string }).code === '23505') return undefined;
        throw error;
      }
      if (answer.stale_streams) {
        for (const streamId of answer.stale_streams) heads.forget(streamId);
        continue;
      }
      for (const [streamId, head] of plan.after) heads.set(streamId, head);
      return plan.outcomes.map((outcome, index) =>
        'conflict' in outcome
          ? {
              command_index: index,
              conflict_stream: outcome.conflict,
              last_position: null,
              versions: {},
              txid: answer.txid,
            }
          : {
              command_index: index,
              conflict_stream: null,
              last_position: answer.positions![outcome.lastEvent]!,
              versions: outcome.versions,
              txid: answer.txid,
            },
      );
    }
    return undefined;
  }

  async function commitBatch(batch: PendingAppend[], attempt = 1): Promise<void> {
    let rows: CommandRow[];
    try {
      rows =
        (options.hashInDatabase ? undefined : await commitChained(batch)) ??
        (await commitInDatabase(batch));
    } catch (error) {
      // Two group commits in flight can each wait for a stream version the other inserted: a
      // deadlock, which PostgreSQL breaks by rolling one batch back whole, so it commits again.
      if ((error as { code?: string }).code === '40P01' && attempt < 5) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
        return commitBatch(batch, attempt + 1);
      }
      for (const pending of batch) {
        eventStoreAppends.inc({ outcome: 'failed' });
        pending.reject(error);
      }
      return;
    }
    settle(batch, rows);
  }

  /**
   * The next batch, in queue order, leaving for later the appends to a stream a batch in flight
   * appends to (and everything queued after them on their streams). Two batches in flight could
   * otherwise take a stream's lock in either order; this way the appends to a stream commit in
   * the order they were queued, which is what lets a command decide on the outcome of an append
   * still in flight (see onQueue).
   */
  function takeBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const waiting: PendingAppend[] = [];
    const held = new Set(busyStreams);
    let next = 0;
    for (; next < queue.length && batch.length < maxBatchSize; next += 1) {
      const pending = queue[next]!;
      if (pending.appends.some((a) => held.has(a.streamId))) {
        waiting.push(pending);
        for (const a of pending.appends) held.add(a.streamId);
      } else batch.push(pending);
    }
    queue = waiting.concat(queue.slice(next));
    return batch;
  }

  function pump(): void {
    while (inFlight < writers && queue.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return; // the rest waits for a batch in flight
      const batchStreams = new Set(batch.flatMap((p) => p.appends.map((a) => a.streamId)));
      for (const streamId of batchStreams) busyStreams.add(streamId);
      inFlight += 1;
      void commitBatch(batch).finally(() => {
        for (const streamId of batchStreams) busyStreams.delete(streamId);
        inFlight -= 1;
        pump();
      });
    }
  }

  async function appendTraced(
    appends: StreamAppend[],
    metadata: EventMetadata,
    onQueue: (() => void) | undefined,
  ): Promise<AppendResult> {
    const protector = options.protector;
    const sealed = protector
      ? await Promise.all(
          appends.map(async (a) => ({ ...a, events: await protector.seal(a.events) })),
        )
      : appends;
    return new Promise<AppendResult>((resolve, reject) => {
      onQueue?.(); // a throw rejects the append before it is queued
      queue.push({ appends: sealed, metadata, queuedAt: performance.now(), resolve, reject });
      pump();
    });
  }

  return {
    async append(appends, given, _sideWrites, onQueue) {
      if (appends.every((a) => a.events.length === 0)) throw new Error('Nothing to append');
      return inSpan('event-store append', () => {
        // The append's trace context goes with its events (to projections, across Kafka).
        const metadata: EventMetadata = { ...given, ...currentTraceContext() };
        const keys = options.partitionKeys?.(appends);
        if (keys && Object.keys(keys).length > 0) metadata.partitionKeys = keys;
        return appendTraced(appends, metadata, onQueue);
      });
    },
    async readStream(streamId, afterVersion = 0) {
      const rows = await streamReads.read(streamId, afterVersion);
      const last = rows.at(-1);
      if (last) heads.saw(streamId, { version: last.stream_version, hash: last.hash });
      await options.protector?.open(rows);
      return rows.map(toRecorded);
    },

    async readAll(after: Position, limit: number) {
      const rows = await readAllRows(after, limit);
      const erasures = () => options.protector?.erasures?.() ?? 0;
      if (erasures() !== followedErasures) {
        followed.clear();
        followedErasures = erasures();
      }
      const fresh = rows.filter((row) => !followed.has(row.event_id));
      await options.protector?.open(fresh);
      // A key destroyed while these were opened: they are handed out this once, not kept.
      const keep = erasures() === followedErasures;
      return rows.map((row) => {
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

    async close() {
      while (queue.length > 0 || inFlight > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}

/** A row of a stream read: with its hash, so that the store knows the stream's head. */
type StreamRow = EventRow & { hash: string };

const STREAM_COLUMNS = `${EVENT_COLUMNS}, encode(hash, 'hex') AS hash`;

interface PendingRead {
  streamId: string;
  afterVersion: number;
  resolve: (rows: StreamRow[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Stream reads batched the way appends are: while `readers` queries are in flight, further reads
 * queue, and the queue goes out as one query. Under load many commands' loads then cost one
 * round trip; a lone read still goes out at once.
 */
function createStreamReadBatcher(pool: Pool, readers: number) {
  const queue: PendingRead[] = [];
  let inFlight = 0;

  async function readBatch(batch: PendingRead[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const [only] = batch as [PendingRead];
        const { rows } = await pool.query<StreamRow>({
          name: 'read-stream',
          text: `SELECT ${STREAM_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
          values: [only.streamId, only.afterVersion],
        });
        only.resolve(rows);
        return;
      }
      const { rows } = await pool.query<StreamRow & { read_index: number }>({
        name: 'read-streams',
        text: `SELECT r.read_index::int AS read_index, ${STREAM_COLUMNS}
               FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS r(wanted_stream, after_version, read_index)
               JOIN events ON events.stream_id = r.wanted_stream AND events.stream_version > r.after_version
               ORDER BY r.read_index, events.stream_version`,
        values: [batch.map((r) => r.streamId), batch.map((r) => r.afterVersion)],
      });
      const byRead: StreamRow[][] = batch.map(() => []);
      for (const { read_index: index, ...row } of rows) byRead[index - 1]!.push(row);
      batch.forEach((read, i) => read.resolve(byRead[i]!));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
  }

  function pump(): void {
    while (inFlight < readers && queue.length > 0) {
      const batch = queue.splice(0, 256);
      inFlight += 1;
      void readBatch(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    read(streamId: string, afterVersion: number): Promise<StreamRow[]> {
      return new Promise((resolve, reject) => {
        queue.push({ streamId, afterVersion, resolve, reject });
        pump();
      });
    },
  };
}
