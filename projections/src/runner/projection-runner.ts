import { catalogue } from '@bank/events';
import {
  untilCommittedVisible,
  type EventStore,
  type Pool,
  type PoolClient,
  type Position,
} from '@bank/infra';
import type { Projection } from '../projection.ts';
import type { ApplyOrParkOptions } from './apply-or-park.ts';
import { catchUpProjection } from './catch-up.ts';
import { createCheckpointMover } from './checkpoint-mover.ts';
import { createJointApplier } from './joint-applier.ts';
import { readCheckpoint } from './checkpoints.ts';
import { CheckpointMovedError, mayPark } from './parking.ts';
import { createSharedReader } from './shared-reader.ts';

export interface ProjectionRunnerOptions extends ApplyOrParkOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  idlePollMs?: number;
  /**
   * After a batch shorter than batchSize, wait this long before reading again: the events
   * appended meanwhile then share one batch (one read, one transaction for the projections it
   * changes) instead of each costing their own. It bounds how far behind this adds, not how far
   * behind it can be.
   */
  settleMs?: number;
  /**
   * Told when a projection's loop fails (a failure that is not the events': a bad event's
   * retries before it is parked do not count), and when it applies a batch again after that:
   * together they tell which projections fail now (/api/health names them).
   */
  onFailing?: (projection: string, error: unknown) => void;
  onRecovered?: (projection: string) => void;
}

export interface CatchUpOptions {
  /**
   * Wait (at most VISIBILITY_WAIT_MS) until every event committed before the call is readable in
   * the global order, so what the caller appended is in the read models when it resolves (the
   * default). A transaction open anywhere on the server holds that back; start-up passes false
   * and catches up with what is readable at once, and the loops follow the rest.
   */
  waitForCommitted?: boolean;
  /**
   * A projection whose catch-up fails for a reason that is not its events' (see mayPark: a
   * revoked grant, a missing table) is left behind instead of failing the call: its loop retries
   * it and reports it failing. Start-up passes true, so one broken read model degrades itself
   * rather than keeping the whole bank from starting.
   */
  leaveFailingToLoops?: boolean;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes everything committed so far (see CatchUpOptions), then resolves. */
  catchUp(options?: CatchUpOptions): Promise<void>;
  /** Wakes the loops at once (after an append in this process). */
  wake(): void;
}

/**
 * Follows the global order for every projection. Each projection has its own loop and
 * checkpoint, so a failing one retries alone while the others continue; the loops share one
 * reader (a batch is read once for all the projections at its position), one joint applier (the
 * projections that apply the same live batch do it in one transaction) and one checkpoint mover
 * (projections with no handler for any event of a batch move together, in one statement).
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { pool, projections } = options;
  // The events no projection here handles only move checkpoints: they are not opened or read.
  // A type the catalogue does not know is still read, so that it is counted as passed over.
  const handled = new Set(projections.flatMap((p) => Object.keys(p.handlers)));
  const store = createSharedReader(
    options.store,
    (type) => handled.has(type) || !catalogue.has(type),
  );
  const mover = createCheckpointMover(pool);
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 250;
  const settleMs = options.settleMs ?? 10;
  /**
   * Projections whose loop failed (a failure that is not the events': a bad event is tried
   * again and parked within the batch), until they apply again.
   */
  const failing = new Set<string>();
  const recovered = (name: string) => {
    if (failing.delete(name)) options.onRecovered?.(name);
  };
  const parking: ApplyOrParkOptions = {
    batchAttempts: options.batchAttempts,
    retryDelayMs: options.retryDelayMs,
    onError: options.onError,
    onParked: options.onParked,
  };
  const applier = createJointApplier(pool, mover, parking);
  let running = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  let listener: PoolClient | undefined;
  /** Counts wake-ups: a read that began before the last one may have missed an append. */
  let wakes = 0;

  /** Sleeps waking on stop() only: a failing loop's backoff, which appends must not cut short. */
  const backoffs = new Set<() => void>();

  const sleep = (ms: number, wokenBy = wakers) =>
    new Promise<void>((resolve) => {
      const waker = () => {
        clearTimeout(timer);
        wokenBy.delete(waker);
        resolve();
      };
      const timer = setTimeout(waker, ms);
      wokenBy.add(waker);
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
          recovered(projection.name);
          if (seen === wakes) await sleep(idlePollMs);
          continue;
        }
        position = await applier.apply(projection, position, events, events.length < batchSize);
        failures = 0;
        recovered(projection.name);
        if (settleMs > 0 && events.length < batchSize) {
          await new Promise((resolve) => setTimeout(resolve, settleMs));
        }
      } catch (error) {
        position = undefined;
        if (error instanceof CheckpointMovedError) continue;
        failures += 1;
        failing.add(projection.name);
        options.onError?.(projection.name, error);
        options.onFailing?.(projection.name, error);
        // Not woken by appends: a projection failing for its environment (a revoked grant, a
        // missing table) would otherwise try again, and fail, at every append.
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)), backoffs);
      }
    }
  }

  // The shared reader keeps what it read: a read that came back before an append is still the
  // log's next events (only an empty one, which it never keeps, would be out of date). A loop
  // that gets it applies it and reads on from its end, where the other loops find it read too.
  const wake = () => {
    wakes += 1;
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
      for (const waker of [...backoffs]) waker();
      await Promise.all(loops);
      loops.length = 0;
      if (listener) {
        await listener.query('UNLISTEN *').catch(() => {});
        listener.release(true);
        listener = undefined;
      }
    },
    async catchUp({ waitForCommitted = true, leaveFailingToLoops = false }: CatchUpOptions = {}) {
      if (waitForCommitted) await untilCommittedVisible(pool);
      // All at once, on the shared reader: each batch is read once for every projection.
      store.forget();
      await Promise.all(
        projections.map(async (projection) => {
          try {
            await catchUpProjection(pool, store, projection, batchSize, undefined, mover, parking);
          } catch (error) {
            if (!leaveFailingToLoops || mayPark(error)) throw error;
            options.onError?.(projection.name, error);
          }
        }),
      );
    },
    wake,
  };
}
