import {
  comparePositions,
  START,
  type EventStore,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import pg from 'pg';
import type { Projection } from '../projection.ts';
import { DeferredResultError, inlineParameters, writeBehindDb } from '../toolkit/write-behind.ts';
import { applyEvents, handlesAny } from './apply-events.ts';
import { handledTypes, openerFor, readLogBatch } from './log-reader.ts';
import {
  BATCH_ATTEMPTS,
  CheckpointMovedError,
  EVENT_ATTEMPTS,
  mayPark,
  parkEvent,
  type ParkedEvent,
} from './parking.ts';

export interface ProjectionRunnerOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  idlePollMs?: number;
  /**
   * After a batch shorter than batchSize, wait this long before reading again: the events
   * appended meanwhile then share one batch (one read, one transaction per projection) instead of
   * each costing their own. It bounds how far behind this adds, not how far behind it can be.
   */
  settleMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Told of each event set aside after its retries (the bank logs it; metrics count them). */
  onParked?: (parked: Pick<ParkedEvent, 'projection' | 'eventId' | 'type' | 'error'>) => void;
  /** Tries of a failing batch before its events are applied one by one (BATCH_ATTEMPTS). */
  batchAttempts?: number;
  /** Pause before trying a failed batch again, doubled each time (ms). */
  retryDelayMs?: number;
}

export interface CatchUpOptions {
  /**
   * Wait (at most VISIBILITY_WAIT_MS) until every event committed before the call is readable in
   * the global order, so what the caller appended is in the read models when it resolves (the
   * default). A transaction open anywhere on the server holds that back; start-up passes false
   * and catches up with what is readable at once, and the loops follow the rest.
   */
  waitForCommitted?: boolean;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes everything committed so far (see CatchUpOptions), then resolves. */
  catchUp(options?: CatchUpOptions): Promise<void>;
  /** Wakes the loops at once (after an append in this process). */
  wake(): void;
}

interface CheckpointRow {
  transaction_id: string;
  global_position: number;
}

export async function readCheckpoint(pool: Pool, projection: string): Promise<Position> {
  const { rows } = await pool.query<CheckpointRow>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints WHERE projection = $1',
    [projection],
  );
  const row = rows[0];
  return row
    ? { transactionId: BigInt(row.transaction_id), globalPosition: row.global_position }
    : START;
}

/**
 * How far a projection's read model is, for readers: its checkpoint, or in scale mode the lowest
 * position all its Kafka partitions have reached, whichever is further (projection_positions).
 */
export async function readProjectionPosition(pool: Pool, projection: string): Promise<Position> {
  const { rows } = await pool.query<CheckpointRow>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM projection_positions WHERE projection = $1',
    [projection],
  );
  const row = rows[0];
  return row
    ? { transactionId: BigInt(row.transaction_id), globalPosition: Number(row.global_position) }
    : START;
}

export interface ApplyOrParkOptions {
  batchAttempts?: number;
  retryDelayMs?: number;
  onError?: ProjectionRunnerOptions['onError'];
  onParked?: ProjectionRunnerOptions['onParked'];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies a batch, trying it again a bounded number of times; when it still fails, applies its
 * events one at a time and parks each one that fails on its own (recorded in parked_events, the
 * checkpoint moved past it), so one event never stops the projection. A failure that is not the
 * events' (the database unreachable, another runner moved the checkpoint) is thrown as it is.
 */
export async function applyOrPark(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
  options: ApplyOrParkOptions = {},
): Promise<Position> {
  const attempts = options.batchAttempts ?? BATCH_ATTEMPTS;
  const delay = options.retryDelayMs ?? 100;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyBatch(pool, projection, from, events);
    } catch (error) {
      if (!mayPark(error) || events.length === 0) throw error;
      options.onError?.(projection.name, error);
      if (attempt >= attempts) break;
      await pause(delay * 2 ** (attempt - 1));
    }
  }
  let position = from;
  for (const event of events) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        position = await applyBatch(pool, projection, position, [event]);
        break;
      } catch (error) {
        if (!mayPark(error)) throw error;
        if (attempt < EVENT_ATTEMPTS) continue;
        position = await parkEvent(
          pool,
          projection.name,
          position,
          event,
          error,
          attempts + attempt,
        );
        options.onParked?.({
          projection: projection.name,
          eventId: event.eventId,
          type: event.type,
          error: String((error as Error).message ?? error),
        });
        break;
      }
    }
  }
  return position;
}

/** Projections whose handlers read the results of their writes: applied one statement at a time. */
const unbuffered = new WeakSet<Projection>();

export async function applyBatch(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
): Promise<Position> {
  const buffered = !unbuffered.has(projection);
  try {
    return await applyBatchOnce(pool, projection, from, events, buffered);
  } catch (error) {
    if (!(error instanceof DeferredResultError)) throw error;
    unbuffered.add(projection);
    return applyBatchOnce(pool, projection, from, events, false);
  }
}

async function applyBatchOnce(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
  buffered: boolean,
): Promise<Position> {
  const last = events[events.length - 1]!.position;
  // Begin, make sure the checkpoint row exists, lock it, and fail (PJ001) if it is no longer
  // where this batch was read from: a second runner of the same projection waits on the lock,
  // then gives up its batch instead of applying it twice. A read model is derived from the
  // durable log and its checkpoint commits with its rows, so a crash can only lose a tail that is
  // then applied again: no need to wait for the disk (synchronous_commit off).
  const opening = inlineParameters(
    'BEGIN; SET LOCAL synchronous_commit = off; SELECT projection_batch_begin($1, $2::text::xid8, $3)',
    [projection.name, from.transactionId.toString(), from.globalPosition],
  );
  const move = inlineParameters(
    `UPDATE projection_checkpoints SET transaction_id = $2::text::xid8, global_position = $3,
       updated_at = now() WHERE projection = $1`,
    [projection.name, last.transactionId.toString(), last.globalPosition],
  );
  const client = await pool.connect();
  try {
    if (buffered) {
      // Writes are queued and sent many to a round trip, behind the opening; the last trip also
      // moves the checkpoint and commits. Handlers that only write: one round trip in all.
      const writer = writeBehindDb(client, 1000, opening);
      await applyEvents(writer.db, projection, events);
      await writer.flush(move, 'COMMIT');
    } else {
      await client.query(opening);
      await applyEvents(client, projection, events);
      await client.query(`${move}; COMMIT`);
    }
    return last;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    if ((error as { code?: string }).code === 'PJ001') {
      throw new CheckpointMovedError(projection.name);
    }
    throw error;
  } finally {
    client.release();
  }
}

/** Runs a multi-statement text that opens a transaction, rolling it back if it fails. */
async function inOneTrip(pool: Pool, text: string): Promise<unknown> {
  const client = await pool.connect();
  try {
    return await client.query(text);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

interface PendingMove {
  projection: string;
  from: Position;
  to: Position;
  resolve: (position: Position) => void;
  reject: (error: unknown) => void;
}

/**
 * Moves the checkpoints of projections that have nothing to do in a batch: the requests made
 * while one statement is on its way share the next one. A checkpoint moves only from where its
 * projection read it (a runner that moved it first wins; the other gets CheckpointMovedError),
 * and no rows go with it, so nothing can be applied twice or skipped.
 */
export function createCheckpointMover(pool: Pool) {
  let pending: PendingMove[] = [];
  let scheduled = false;
  const send = async () => {
    scheduled = false;
    const moves = pending;
    pending = [];
    try {
      const values = moves
        .map((m) =>
          inlineParameters('($1, $2::text::xid8, $3::bigint, $4::text::xid8, $5::bigint)', [
            m.projection,
            m.from.transactionId.toString(),
            m.from.globalPosition,
            m.to.transactionId.toString(),
            m.to.globalPosition,
          ]),
        )
        .join(', ');
      const fresh = moves.filter((m) => comparePositions(m.from, START) === 0);
      const results = (await inOneTrip(
        pool,
        `BEGIN; SET LOCAL synchronous_commit = off;
         ${fresh.length > 0 ? `INSERT INTO projection_checkpoints (projection) VALUES ${fresh.map((m) => `(${pg.escapeLiteral(m.projection)})`).join(', ')} ON CONFLICT DO NOTHING;` : ''}
         UPDATE projection_checkpoints c
            SET transaction_id = v.to_tx, global_position = v.to_gp, updated_at = now()
           FROM (VALUES ${values}) v(projection, from_tx, from_gp, to_tx, to_gp)
          WHERE c.projection = v.projection AND c.transaction_id = v.from_tx
            AND c.global_position = v.from_gp
         RETURNING c.projection;
         COMMIT`,
      )) as unknown as { rows: { projection: string }[] }[];
      const moved = new Set(results[results.length - 2]!.rows.map((r) => r.projection));
      for (const m of moves) {
        if (moved.has(m.projection)) m.resolve(m.to);
        else m.reject(new CheckpointMovedError(m.projection));
      }
    } catch (error) {
      for (const m of moves) m.reject(error);
    }
  };
  return {
    advance(projection: string, from: Position, to: Position): Promise<Position> {
      return new Promise((resolve, reject) => {
        pending.push({ projection, from, to, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // The projections that read the same batch ask at nearly the same time: wait a turn.
          setImmediate(() => void send());
        }
      });
    },
  };
}

type LogReader = Pick<EventStore, 'readAll'>;

/**
 * One read of the log serves every projection at the same position: a read in flight or just
 * done is shared (the events are read, opened and parsed once, not once per projection).
 * `forget` drops what is cached, so reads after an append see it.
 */
export function createSharedReader(store: LogReader) {
  const recent = new Map<string, Promise<RecordedEvent[]>>();
  return {
    readAll(after: Position, limit: number): Promise<RecordedEvent[]> {
      const key = `${after.transactionId}:${after.globalPosition}:${limit}`;
      let read = recent.get(key);
      if (!read) {
        read = store.readAll(after, limit);
        recent.set(key, read);
        // An empty answer is only true until the next append: never keep it.
        read.then(
          (events) => {
            if (events.length === 0 && recent.get(key) === read) recent.delete(key);
          },
          () => recent.delete(key),
        );
        while (recent.size > 16) recent.delete(recent.keys().next().value!);
      }
      return read;
    },
    forget() {
      recent.clear();
    },
  };
}

/**
 * Processes one projection until it has seen every committed event. The next batch is read while
 * this one is applied.
 */
export async function catchUpProjection(
  pool: Pool,
  store: LogReader,
  projection: Projection,
  batchSize = 500,
  onBatch?: (count: number) => void,
  mover?: ReturnType<typeof createCheckpointMover>,
  parking: ApplyOrParkOptions = {},
): Promise<Position> {
  let position = await readCheckpoint(pool, projection.name);
  let next = store.readAll(position, batchSize);
  for (;;) {
    const events = await next;
    if (events.length === 0) return position;
    next = store.readAll(events[events.length - 1]!.position, batchSize);
    try {
      position =
        mover && !handlesAny(projection, events)
          ? await mover.advance(projection.name, position, events[events.length - 1]!.position)
          : await applyOrPark(pool, projection, position, events, parking);
      onBatch?.(events.length);
    } catch (error) {
      // Another runner applied this batch first: carry on from where it got to.
      next.catch(() => {});
      if (!(error instanceof CheckpointMovedError)) throw error;
      position = await readCheckpoint(pool, projection.name);
      next = store.readAll(position, batchSize);
    }
  }
}

const REBUILD_FIRST_BATCH = 500;
const REBUILD_BATCH = 5000;

/** Empties a projection's tables and checkpoint, then replays the whole log into it. */
export async function rebuildProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  onBatch?: (count: number) => void,
): Promise<Position> {
  // One round trip; no need to wait for the disk: a crash loses the emptying and the checkpoint's
  // removal together, and the rebuild starts again.
  await inOneTrip(
    pool,
    `BEGIN; SET LOCAL synchronous_commit = off;
     ${projection.tables.map((table) => `TRUNCATE ${table};`).join('\n')}
     DELETE FROM projection_checkpoints WHERE projection = ${pg.escapeLiteral(projection.name)};
     COMMIT`,
  );
  // Only the events it handles, read in large batches through the rebuild's fast reader. The
  // first batches are smaller: nothing else runs while the first one is read and parsed, and the
  // next one is read while this one is applied, so a short first batch starts that overlap sooner.
  const types = handledTypes(projection);
  const opener = openerFor(projection, store);
  let head: Position | undefined;
  let limit = REBUILD_FIRST_BATCH;
  const reader: LogReader = {
    readAll: (after) => {
      const batch = limit;
      limit = Math.min(limit * 2, REBUILD_BATCH);
      return readLogBatch(pool, opener, after, batch, types, (seen) => (head = seen));
    },
  };
  const position = await catchUpProjection(pool, reader, projection, REBUILD_BATCH, onBatch);
  // The last read found no more events of its types up to the head of the log it saw: the
  // checkpoint moves there (unless a runner moved it meanwhile), as if it had read them all.
  if (head && comparePositions(head, position) > 0) {
    return createCheckpointMover(pool)
      .advance(projection.name, position, head)
      .catch((error: unknown) => {
        if (error instanceof CheckpointMovedError) return readCheckpoint(pool, projection.name);
        throw error;
      });
  }
  return position;
}

/**
 * Follows the global order for every projection. Each projection has its own loop and
 * checkpoint, so a failing one retries alone while the others continue; the loops share one
 * reader (a batch is read once for all the projections at its position) and one checkpoint
 * mover (projections with no handler for any event of a batch move together, in one statement).
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { pool, projections } = options;
  const store = createSharedReader(options.store);
  const mover = createCheckpointMover(pool);
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 250;
  const settleMs = options.settleMs ?? 10;
  const parking: ApplyOrParkOptions = {
    batchAttempts: options.batchAttempts,
    retryDelayMs: options.retryDelayMs,
    onError: options.onError,
    onParked: options.onParked,
  };
  let running = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  let listener: PoolClient | undefined;
  /** Counts wake-ups: a read that began before the last one may have missed an append. */
  let wakes = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const waker = () => {
        clearTimeout(timer);
        wakers.delete(waker);
        resolve();
      };
      const timer = setTimeout(waker, ms);
      wakers.add(waker);
    });

  async function loop(projection: Projection): Promise<void> {
    let failures = 0;
    // The checkpoint this loop last committed; read again only when another runner moved it.
    let position: Position | undefined;
    while (running) {
      try {
        position ??= await readCheckpoint(pool, projection.name);
        const seen = wakes;
        const events = await store.readAll(position, batchSize);
        if (events.length === 0) {
          if (seen === wakes) await sleep(idlePollMs);
          continue;
        }
        const last = events[events.length - 1]!.position;
        position = handlesAny(projection, events)
          ? await applyOrPark(pool, projection, position, events, parking)
          : await mover.advance(projection.name, position, last);
        failures = 0;
        if (settleMs > 0 && events.length < batchSize) {
          await new Promise((resolve) => setTimeout(resolve, settleMs));
        }
      } catch (error) {
        position = undefined;
        if (error instanceof CheckpointMovedError) continue;
        failures += 1;
        options.onError?.(projection.name, error);
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  const wake = () => {
    wakes += 1;
    store.forget();
    for (const waker of [...wakers]) waker();
  };

  return {
    async start() {
      running = true;
      try {
        listener = await pool.connect();
        listener.on('notification', wake);
        listener.on('error', () => {});
        await listener.query('LISTEN events_appended');
      } catch {
        listener = undefined; // polling still works without LISTEN
      }
      for (const projection of projections) loops.push(loop(projection));
    },
    async stop() {
      running = false;
      wake();
      await Promise.all(loops);
      loops.length = 0;
      if (listener) {
        await listener.query('UNLISTEN *').catch(() => {});
        listener.release(true);
        listener = undefined;
      }
    },
    async catchUp({ waitForCommitted = true }: CatchUpOptions = {}) {
      if (waitForCommitted) await untilCommittedVisible(pool);
      // All at once, on the shared reader: each batch is read once for every projection.
      store.forget();
      await Promise.all(
        projections.map((projection) =>
          catchUpProjection(pool, store, projection, batchSize, undefined, mover, parking),
        ),
      );
    },
    wake,
  };
}

const VISIBILITY_WAIT_MS = 10_000;

/**
 * Waits until every event committed before the call can be read in the global order. An event
 * becomes readable only once every transaction that began before it has ended, and PostgreSQL
 * counts those across the whole server: a write in another database on the same server can hold
 * back events that are already committed here. Gives up after VISIBILITY_WAIT_MS, so a transaction
 * left open cannot stall the caller for ever; what is readable then is caught up.
 */
async function untilCommittedVisible(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ transaction_id: string }>(
    `SELECT transaction_id::text AS transaction_id FROM events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const newest = rows[0]?.transaction_id;
  if (newest === undefined) return;
  const deadline = Date.now() + VISIBILITY_WAIT_MS;
  for (let pause = 2; Date.now() < deadline; pause = Math.min(pause * 2, 50)) {
    const visible = await pool.query<{ visible: boolean }>(
      'SELECT $1::text::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS visible',
      [newest],
    );
    if (visible.rows[0]?.visible) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The lowest checkpoint across projections: everything before it is visible in every read model. */
export async function lowestCheckpoint(pool: Pool, names: readonly string[]): Promise<Position> {
  const positions = await Promise.all(names.map((name) => readProjectionPosition(pool, name)));
  return positions.reduce(
    (low, p) => (comparePositions(p, low) < 0 ? p : low),
    positions[0] ?? START,
  );
}
