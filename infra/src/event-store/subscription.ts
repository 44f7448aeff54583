import type { Pool } from '../postgres/pool.ts';
import { START, type EventStore, type Position, type RecordedEvent } from './types.ts';

export interface SubscriptionOptions {
  pool: Pool;
  store: EventStore;
  /** Its checkpoint's name in projection_checkpoints. */
  name: string;
  /** Handles a batch; the checkpoint moves only after it resolves (at-least-once). */
  handle: (events: RecordedEvent[]) => Promise<void>;
  batchSize?: number;
  idlePollMs?: number;
  onError?: ((error: unknown) => void) | undefined;
}

export interface Subscription {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** Handles everything committed so far, then resolves. */
  drain(): Promise<void>;
}

async function readPosition(pool: Pool, name: string): Promise<Position> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: number }>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints WHERE projection = $1',
    [name],
  );
  const row = rows[0];
  return row
    ? { transactionId: BigInt(row.transaction_id), globalPosition: row.global_position }
    : START;
}

async function savePosition(pool: Pool, name: string, position: Position): Promise<void> {
  await pool.query(
    `INSERT INTO projection_checkpoints (projection, transaction_id, global_position, updated_at)
     VALUES ($1, $2::text::xid8, $3, now())
     ON CONFLICT (projection) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, position.transactionId.toString(), position.globalPosition],
  );
}

/**
 * Follows the global order for side effects outside PostgreSQL (a job queue, a broker): the
 * handler must be idempotent, since a crash between handling and saving repeats a batch.
 */
export function createSubscription(options: SubscriptionOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 250;
  let running = false;
  let loop: Promise<void> | undefined;
  let waker: (() => void) | undefined;

  async function step(): Promise<boolean> {
    const position = await readPosition(options.pool, options.name);
    const events = await options.store.readAll(position, batchSize);
    if (events.length === 0) return false;
    await options.handle(events);
    await savePosition(options.pool, options.name, events[events.length - 1]!.position);
    return true;
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
    async drain() {
      while (await step()) {
        /* keep going */
      }
    },
  };
}
