import {
  commitDuration,
  commitQueueWait,
  concurrencyConflicts,
  eventStoreAppends,
  eventStoreEventsAppended,
  groupCommitBatchSize,
  groupCommitRetries,
} from '../observability/metrics.ts';
import type { CommandRow, CommitStatements } from './commit-statements.ts';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type StreamAppend,
  positionFromColumns,
} from './types.ts';

interface PendingAppend {
  appends: StreamAppend[];
  metadata: EventMetadata;
  partitionKeys?: Readonly<Record<string, string>>;
  /** performance.now() when it was queued, for the commit latency. */
  queuedAt: number;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** How many commands at most share one commit. */
  maxBatchSize: number;
  /** How many group commits may be in flight at once. */
  writers: number;
  /** Append through append_batch() only (see PgEventStoreOptions). */
  hashInDatabase: boolean;
}

export interface GroupCommit {
  /**
   * Queues a command's appends for the next group commit. `onQueue` is called synchronously as
   * it joins the queue; if it throws, the append is not queued and fails with that error.
   */
  enqueue(
    appends: StreamAppend[],
    metadata: EventMetadata,
    onQueue: (() => void) | undefined,
    /** Each stream's partition key, stamped on its events' metadata. */
    partitionKeys?: Readonly<Record<string, string>>,
  ): Promise<AppendResult>;
  /** Resolves once nothing is queued or in flight. */
  drain(): Promise<void>;
}

/**
 * Group commit: appends that arrive while a commit is in flight queue up and share the next
 * commit, each still checked against its own expected versions.
 */
export function createGroupCommit(
  statements: CommitStatements,
  options: GroupCommitOptions,
): GroupCommit {
  let queue: PendingAppend[] = [];
  let inFlight = 0;
  /** The streams the group commits in flight append to: no two batches in flight share one. */
  const busyStreams = new Set<string>();

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
          position: positionFromColumns(row.txid, row.last_position),
          versions: row.versions,
        });
      }
    }
  }

  async function commitBatch(batch: PendingAppend[], attempt = 1): Promise<void> {
    if (attempt === 1) {
      const startedAt = performance.now();
      for (const pending of batch) commitQueueWait.observe((startedAt - pending.queuedAt) / 1000);
    }
    let rows: CommandRow[];
    try {
      rows =
        (options.hashInDatabase ? undefined : await statements.chained(batch)) ??
        (await statements.inDatabase(batch));
    } catch (error) {
      // Two group commits in flight can each wait for a stream version the other inserted: a
      // deadlock, which PostgreSQL breaks by rolling one batch back whole, so it commits again.
      if ((error as { code?: string }).code === '40P01' && attempt < 5) {
        groupCommitRetries.inc();
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
    for (; next < queue.length && batch.length < options.maxBatchSize; next += 1) {
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
    while (inFlight < options.writers && queue.length > 0) {
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

  return {
    enqueue(appends, metadata, onQueue, partitionKeys) {
      return new Promise<AppendResult>((resolve, reject) => {
        onQueue?.(); // a throw rejects the append before it is queued
        queue.push({
          appends,
          metadata,
          partitionKeys,
          queuedAt: performance.now(),
          resolve,
          reject,
        });
        pump();
      });
    },
    async drain() {
      while (queue.length > 0 || inFlight > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
