import pg from 'pg';
import type { Pool } from '../postgres/pool.ts';
import { readFollowerCheckpoint, type FollowerCheckpoint } from './checkpoints.ts';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from './types.ts';

export interface SubscriptionOptions {
  pool: Pool;
  store: EventStore;
  /** Its checkpoint's name in projection_checkpoints. */
  name: string;
  /** Handles a batch; the checkpoint moves only after it resolves (at-least-once). */
  handle: (events: RecordedEvent[]) => Promise<void>;
  batchSize?: number;
  idlePollMs?: number;
  /**
   * After a batch, wait this long before reading the next, so that the appends of that time
   * share one read and one checkpoint write instead of one each (0: read again at once).
   */
  settleMs?: number;
  onError?: ((error: unknown) => void) | undefined;
  /**
   * The only event types the handler needs. The others still move the checkpoint but are not
   * opened (no personal data decrypted) or read through the catalogue, nor handed over; without
   * a store that reads sealed, every event is read as by readAll.
   */
  types?: readonly string[] | undefined;
}

export interface Subscription {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /**
   * Reads its checkpoint again before its next step, and wakes: after a reset of the checkpoint
   * (resetFollower). A subscription with nothing new to read saves nothing, so without this it
   * would never learn of the reset and sit at its old position.
   */
  reread(): void;
  /** Handles everything committed so far, then resolves. */
  drain(): Promise<void>;
}

/**
 * Moves the checkpoint forward only (a slower process that dispatched an older batch cannot move
 * it back), without waiting for the disk: a checkpoint lost in a server crash only means a batch
 * handled again, which the handler must tolerate anyway (at-least-once). Nor does it move a
 * checkpoint reset since `epoch` was read (resetFollower, perhaps by another process): false
 * then, and the follower reads its checkpoint again. The row stays locked by the refused upsert,
 * so the epoch read after it in the same transaction is the one that refused it.
 */
async function savePosition(
  pool: Pool,
  name: string,
  position: Position,
  epoch: number,
): Promise<boolean> {
  const results = (await pool.query(
    `BEGIN; SET LOCAL synchronous_commit = off;
     INSERT INTO projection_checkpoints AS c
       (projection, transaction_id, global_position, reset_epoch, updated_at)
     VALUES (${pg.escapeLiteral(name)}, '${position.transactionId}'::xid8,
       ${Number(position.globalPosition)}, ${Number(epoch)}, now())
     ON CONFLICT (projection) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()
     WHERE c.reset_epoch = EXCLUDED.reset_epoch
       AND (c.transaction_id, c.global_position) < (EXCLUDED.transaction_id, EXCLUDED.global_position);
     SELECT reset_epoch FROM projection_checkpoints WHERE projection = ${pg.escapeLiteral(name)};
     COMMIT`,
  )) as unknown as pg.QueryResult<{ reset_epoch: number }>[];
  return Number(results[3]!.rows[0]?.reset_epoch) === epoch;
}

/**
 * Follows the global order for side effects outside PostgreSQL (a job queue, a broker): the
 * handler must be idempotent, since a crash between handling and saving repeats a batch.
 */
export function createSubscription(options: SubscriptionOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 250;
  const settleMs = options.settleMs ?? 0;
  let running = false;
  let loop: Promise<void> | undefined;
  let waker: (() => void) | undefined;

  // Where this subscription has got to: read once, then kept (and read again after a failure, or
  // when its checkpoint was reset meanwhile).
  let checkpoint: FollowerCheckpoint | undefined;

  const { store } = options;
  const wanted = options.types && new Set(options.types);
  /** The events of the next batch the handler is given, and the position the batch ends at. */
  async function readBatch(after: Position): Promise<[RecordedEvent[], Position | undefined]> {
    if (wanted && store.readAllOfTypes) {
      const { events, through } = await store.readAllOfTypes(after, batchSize, [...wanted]);
      return [events, comparePositions(through, after) > 0 ? through : undefined];
    }
    if (!wanted || !store.readAllSealed || !store.openSealed) {
      const events = await store.readAll(after, batchSize);
      const handled = wanted ? events.filter((e) => wanted.has(e.event.type)) : events;
      return [handled, events.at(-1)?.position];
    }
    const sealed = await store.readAllSealed(after, batchSize);
    const chosen = sealed.filter((e) => wanted.has(e.event.type));
    return [chosen.length > 0 ? await store.openSealed(chosen) : [], sealed.at(-1)?.position];
  }

  async function stepOnce(): Promise<boolean> {
    try {
      checkpoint ??= await readFollowerCheckpoint(options.pool, options.name);
      const { epoch } = checkpoint;
      const [handled, last] = await readBatch(checkpoint.position);
      if (!last) return false;
      if (handled.length > 0) await options.handle(handled);
      const kept = await savePosition(options.pool, options.name, last, epoch);
      checkpoint = kept ? { position: last, epoch } : undefined;
      return true;
    } catch (error) {
      checkpoint = undefined;
      throw error;
    }
  }

  // One step at a time: the running loop and a drain share `checkpoint`, and two steps at once
  // would both handle a batch and race to save it. A reset by another process, while a step is
  // between reading and saving, is fenced by the reset's epoch instead (savePosition).
  let turn: Promise<unknown> = Promise.resolve();
  function step(): Promise<boolean> {
    const next = turn.then(stepOnce);
    turn = next.catch(() => undefined);
    return next;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waker = undefined;
        resolve();
      }, ms);
      waker = () => {
        clearTimeout(timer);
        waker = undefined;
        resolve();
      };
    });

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        let failures = 0;
        while (running) {
          try {
            const moved = await step();
            failures = 0;
            if (!moved) await sleep(idlePollMs);
            else if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
          } catch (error) {
            failures += 1;
            options.onError?.(error);
            await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
          }
        }
      })();
    },
    async stop() {
      running = false;
      waker?.();
      await loop;
    },
    wake: () => waker?.(),
    reread() {
      // In turn with the steps: a step under way would otherwise put back the position it held.
      turn = turn.then(() => {
        checkpoint = undefined;
      });
      waker?.();
    },
    async drain() {
      while (await step()) {
        /* keep going */
      }
    },
  };
}
