import type { Pool, Position, RecordedEvent } from '@bank/infra';
import type { Projection } from '../projection.ts';
import {
  beginApplying,
  DeferredResultError,
  prepared,
  sendInOrder,
  writeBehindDb,
  type Statement,
} from '../toolkit/write-behind.ts';
import { applyEvents } from './apply-events.ts';
import {
  BATCH_ATTEMPTS,
  CheckpointMovedError,
  EVENT_ATTEMPTS,
  mayPark,
  parkEvent,
  type ParkedEvent,
} from './parking.ts';

export interface ApplyOrParkOptions {
  /** Tries of a failing batch before its events are applied one by one (BATCH_ATTEMPTS). */
  batchAttempts?: number;
  /** Pause before trying a failed batch again, doubled each time (ms). */
  retryDelayMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Told of each event set aside after its retries (the bank logs it; metrics count them). */
  onParked?: (parked: Pick<ParkedEvent, 'projection' | 'eventId' | 'type' | 'error'>) => void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies a batch, trying it again a bounded number of times; when it still fails, applies its
 * events one at a time and parks each one that fails on its own (recorded in parked_events, the
 * checkpoint moved past it), so one event never stops the projection. A failure that is not the
 * events' (the database unreachable, another runner moved the checkpoint) is thrown as it is.
 * `atHead`: the read that found the batch reached the head of the log (see applyingSettings).
 */
export async function applyOrPark(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
  atHead: boolean,
  options: ApplyOrParkOptions = {},
): Promise<Position> {
  const attempts = options.batchAttempts ?? BATCH_ATTEMPTS;
  const delay = options.retryDelayMs ?? 100;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyBatch(pool, projection, from, events, atHead);
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
        position = await applyBatch(pool, projection, position, [event], atHead);
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

/** Whether a projection's writes may be queued behind others (see writeBehindDb). */
export const appliesBuffered = (projection: Projection): boolean => !unbuffered.has(projection);

export async function applyBatch(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
  atHead: boolean,
): Promise<Position> {
  const buffered = appliesBuffered(projection);
  try {
    return await applyBatchOnce(pool, projection, from, events, atHead, buffered);
  } catch (error) {
    if (!(error instanceof DeferredResultError)) throw error;
    unbuffered.add(projection);
    return applyBatchOnce(pool, projection, from, events, atHead, false);
  }
}

async function applyBatchOnce(
  pool: Pool,
  projection: Projection,
  from: Position,
  events: RecordedEvent[],
  atHead: boolean,
  buffered: boolean,
): Promise<Position> {
  const last = events[events.length - 1]!.position;
  // Begin, make sure the checkpoint row exists, lock it, and fail (PJ001) if it is no longer
  // where this batch was read from: a second runner of the same projection waits on the lock,
  // then gives up its batch instead of applying it twice. Both statements go prepared: planned
  // afresh for every batch, they were a third of what a live stream's batches spent planning.
  const opening: Statement[] = [
    { text: beginApplying(events.length, atHead), values: [] },
    prepared('SELECT projection_batch_begin($1, $2::text::xid8, $3)', [
      projection.name,
      from.transactionId.toString(),
      from.globalPosition,
    ]),
  ];
  const move = prepared(
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
      await sendInOrder(client, opening);
      await applyEvents(client, projection, events);
      await sendInOrder(client, [move, { text: 'COMMIT', values: [] }]);
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
