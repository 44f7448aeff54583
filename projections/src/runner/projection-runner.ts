import type { BankEvent } from '@bank/events';
import {
  comparePositions,
  START,
  type EventStore,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import type { Db, Handler, Projection } from '../projection.ts';

export interface ProjectionRunnerOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  idlePollMs?: number;
  onError?: (projection: string, error: unknown) => void;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes everything committed so far, then resolves. */
  catchUp(): Promise<void>;
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

/** Applies one batch of events and the new checkpoint in one transaction: exactly-once effects. */
export class CheckpointMovedError extends Error {}

export async function applyBatch(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
): Promise<Position> {
  const last = events[events.length - 1]!.position;
  const client = await pool.connect();
  try {
    // A read model is derived from the durable log and its checkpoint commits with its rows, so
    // a crash can only lose a tail that is then applied again: no need to wait for the disk.
    // (One round trip: every batch of every projection pays it.)
    await client.query('BEGIN; SET LOCAL synchronous_commit = off');
    // Lock the checkpoint: a second runner of the same projection waits here, then sees that the
    // checkpoint moved and gives up its batch instead of applying it twice.
    const lockCheckpoint = () =>
      client.query<CheckpointRow>(
        'SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints WHERE projection = $1 FOR UPDATE',
        [projection.name],
      );
    let locked = await lockCheckpoint();
    if (locked.rows.length === 0) {
      await client.query(
        'INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING',
        [projection.name],
      );
      locked = await lockCheckpoint();
    }
    const current = locked.rows[0]!;
    if (
      comparePositions(
        { transactionId: BigInt(current.transaction_id), globalPosition: current.global_position },
        from,
      ) !== 0
    ) {
      throw new CheckpointMovedError(projection.name);
    }
    const db = client as unknown as Db;
    for (const recorded of events) {
      const event = recorded.event as BankEvent;
      const handler = projection.handlers[event.type] as Handler<typeof event.type> | undefined;
      if (handler) await handler(event.data as never, recorded as RecordedEvent<BankEvent>, db);
    }
    await client.query(
      `INSERT INTO projection_checkpoints (projection, transaction_id, global_position, updated_at)
       VALUES ($1, $2::text::xid8, $3, now())
       ON CONFLICT (projection) DO UPDATE
         SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
      [projection.name, last.transactionId.toString(), last.globalPosition],
    );
    await client.query('COMMIT');
    return last;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Processes one projection until it has seen every committed event. */
export async function catchUpProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  batchSize = 500,
  onBatch?: (count: number) => void,
): Promise<Position> {
  let position = await readCheckpoint(pool, projection.name);
  for (;;) {
    const events = await store.readAll(position, batchSize);
    if (events.length === 0) return position;
    try {
      position = await applyBatch(pool, projection, position, events);
      onBatch?.(events.length);
    } catch (error) {
      // Another runner applied this batch first: carry on from where it got to.
      if (!(error instanceof CheckpointMovedError)) throw error;
      position = await readCheckpoint(pool, projection.name);
    }
  }
}

/** Empties a projection's tables and checkpoint, then replays the whole log into it. */
export async function rebuildProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  onBatch?: (count: number) => void,
): Promise<Position> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const table of projection.tables) await client.query(`TRUNCATE ${table}`);
    await client.query('DELETE FROM projection_checkpoints WHERE projection = $1', [
      projection.name,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return catchUpProjection(pool, store, projection, 1000, onBatch);
}

/**
 * Follows the global order for every projection. Each projection has its own loop and
 * checkpoint, so a failing one retries alone while the others continue.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { pool, store, projections } = options;
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 250;
  let running = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  let listener: PoolClient | undefined;

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
        const events = await store.readAll(position, batchSize);
        if (events.length === 0) {
          await sleep(idlePollMs);
          continue;
        }
        position = await applyBatch(pool, projection, position, events);
        failures = 0;
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
    async catchUp() {
      for (const projection of projections) {
        await catchUpProjection(pool, store, projection, batchSize);
      }
    },
    wake,
  };
}

/** The lowest checkpoint across projections: everything before it is visible in every read model. */
export async function lowestCheckpoint(pool: Pool, names: readonly string[]): Promise<Position> {
  const positions = await Promise.all(names.map((name) => readCheckpoint(pool, name)));
  return positions.reduce(
    (low, p) => (comparePositions(p, low) < 0 ? p : low),
    positions[0] ?? START,
  );
}
