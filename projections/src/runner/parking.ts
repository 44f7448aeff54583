import {
  EVENT_COLUMNS,
  inTransaction,
  isUnavailableError,
  type EventRow,
  type EventStore,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
  positionFromColumns,
} from '@bank/infra';
import type { Projection, Scope } from '../projection.ts';
import { applyEvents } from './apply-events.ts';
import { recordedEvents } from './log-reader.ts';

/** A projection's batch that keeps failing is applied one event at a time after this many tries. */
export const BATCH_ATTEMPTS = 4;
/** Tries of one event on its own before it is parked. */
export const EVENT_ATTEMPTS = 2;

export interface ParkedEvent {
  projection: string;
  eventId: string;
  position: Position;
  streamId: string;
  type: string;
  error: string;
  attempts: number;
  status: 'parked' | 'retried' | 'skipped';
  parkedAt: Date;
  resolvedAt: Date | null;
}

export class CheckpointMovedError extends Error {}

const messageOf = (error: unknown) =>
  String((error as Error | undefined)?.message ?? error).slice(0, 2000);

/**
 * SQLSTATE classes and codes of failures that say nothing about the event, so parking it would
 * only lose it (and every event after it, which fail the same way):
 * - passing ones: resources (53), an operator's intervention or a timeout (57), the system (58),
 *   a deadlock or serialization failure (40001, 40P01), a lock not available (55P03), a
 *   transaction already failed (25P02);
 * - a wrong environment, until someone fixes it: the connection (08) or its credentials (28), a
 *   database or schema missing (3D000, 3F000), a read-only server such as a standby (25006), a
 *   grant revoked (42501), a table, column, function or type missing, as when the code and the
 *   migrations disagree (42P01, 42703, 42883, 42704), PostgreSQL's own failures (XX).
 * A violated constraint (23) or bad data (22) may be the event's, and may park it.
 */
const NOT_THE_EVENTS =
  /^(08|28|53|57|58|XX)|^(40001|40P01|55P03|25P02|25006|3D000|3F000|42501|42P01|42703|42883|42704)$/;

/**
 * Whether a failure may be the event's own: never a transient one, a wrong environment (see
 * NOT_THE_EVENTS) or an unreachable database. The runner then stalls at the event, retrying,
 * and reports the projection failing, instead of parking the event and every one after it.
 */
export const mayPark = (error: unknown) =>
  !(error instanceof CheckpointMovedError) &&
  !isUnavailableError(error) &&
  !NOT_THE_EVENTS.test(String((error as { code?: unknown } | undefined)?.code ?? ''));

/** Records (or records again) an event as parked for a projection, in the caller's transaction. */
async function recordParked(
  db: PoolClient,
  projection: string,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<void> {
  await db.query(
    `INSERT INTO parked_events (projection, event_id, transaction_id, global_position, stream_id,
       type, error, attempts)
     VALUES ($1, $2, $3::text::xid8, $4, $5, $6, $7, $8)
     ON CONFLICT (projection, event_id) DO UPDATE SET error = EXCLUDED.error,
       attempts = parked_events.attempts + EXCLUDED.attempts, status = 'parked',
       parked_at = now(), resolved_at = NULL`,
    [
      projection,
      event.eventId,
      event.position.transactionId.toString(),
      event.position.globalPosition,
      event.streamId,
      event.type,
      messageOf(error).replaceAll('\u0000', '\uFFFD'),
      attempts,
    ],
  );
}

/**
 * Records the event as parked for the projection and moves its checkpoint past it, in one
 * transaction guarded like a batch (PJ001 when another runner moved the checkpoint).
 */
export async function parkEvent(
  pool: Pool,
  projection: string,
  from: Position,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<Position> {
  try {
    return await inTransaction(pool, async (client) => {
      await client.query('SELECT projection_batch_begin($1, $2::text::xid8, $3)', [
        projection,
        from.transactionId.toString(),
        from.globalPosition,
      ]);
      await recordParked(client, projection, event, error, attempts);
      await client.query(
        `UPDATE projection_checkpoints SET transaction_id = $2::text::xid8, global_position = $3,
           updated_at = now() WHERE projection = $1`,
        [projection, event.position.transactionId.toString(), event.position.globalPosition],
      );
      return event.position;
    });
  } catch (failure) {
    if ((failure as { code?: string }).code === 'PJ001') throw new CheckpointMovedError(projection);
    throw failure;
  }
}

interface ParkedRow {
  projection: string;
  event_id: string;
  transaction_id: string;
  global_position: string;
  stream_id: string;
  type: string;
  error: string;
  attempts: number;
  status: ParkedEvent['status'];
  parked_at: Date;
  resolved_at: Date | null;
}

const parkedEvent = (row: ParkedRow): ParkedEvent => ({
  projection: row.projection,
  eventId: row.event_id,
  position: positionFromColumns(row.transaction_id, row.global_position),
  streamId: row.stream_id,
  type: row.type,
  error: row.error,
  attempts: row.attempts,
  status: row.status,
  parkedAt: row.parked_at,
  resolvedAt: row.resolved_at,
});

/** Parked events, newest first: the open ones only unless `all`. */
export async function listParkedEvents(
  pool: Pool,
  options: { all?: boolean; limit?: number } = {},
): Promise<ParkedEvent[]> {
  const { rows } = await pool.query<ParkedRow>(
    `SELECT projection, event_id, transaction_id::text AS transaction_id,
            global_position::text AS global_position, stream_id, type, error, attempts, status,
            parked_at, resolved_at
       FROM parked_events ${options.all ? '' : "WHERE status = 'parked'"}
      ORDER BY parked_at DESC, projection, event_id LIMIT $1`,
    [Math.max(1, Math.min(options.limit ?? 100, 1000))],
  );
  return rows.map(parkedEvent);
}

/** Open parked events per projection (for metrics and health). */
export async function parkedEventCounts(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ projection: string; n: number }>(
    `SELECT projection, count(*)::int AS n FROM parked_events WHERE status = 'parked'
      GROUP BY projection`,
  );
  return Object.fromEntries(rows.map((r) => [r.projection, r.n]));
}

async function readEvent(
  pool: Pool,
  store: Pick<EventStore, 'openRows'>,
  eventId: string,
): Promise<RecordedEvent | undefined> {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = $1`,
    [eventId],
  );
  return (await recordedEvents(store, rows))[0];
}

export type ParkedOutcome =
  | 'retried'
  | 'skipped'
  | 'not-found'
  /** `environment`: the failure is not the event's (see mayPark): fixing the cause comes first. */
  | { failed: string; environment?: true };

/**
 * Applies a parked event to its projection now (after the events that followed it: for handlers
 * that set a row from one event this is the same; ops decide), and marks it retried. When it
 * fails again it stays parked with the new error.
 */
export async function retryParkedEvent(
  pool: Pool,
  store: Pick<EventStore, 'openRows'>,
  projections: readonly Projection[],
  projectionName: string,
  eventId: string,
): Promise<ParkedOutcome> {
  const projection = projections.find((p) => p.name === projectionName);
  const parked = await pool.query(
    `SELECT 1 FROM parked_events WHERE projection = $1 AND event_id = $2 AND status = 'parked'`,
    [projectionName, eventId],
  );
  if (!projection || parked.rowCount === 0) return 'not-found';
  const event = await readEvent(pool, store, eventId);
  if (!event) return 'not-found';
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The checkpoint's lock: the projection's batches wait meanwhile.
    await client.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE', [
      projectionName,
    ]);
    await applyEvents(client, projection, [event]);
    const marked = await client.query(
      `UPDATE parked_events SET status = 'retried', resolved_at = now(),
         attempts = attempts + 1
       WHERE projection = $1 AND event_id = $2 AND status = 'parked'`,
      [projectionName, eventId],
    );
    if (marked.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'not-found';
    }
    await client.query('COMMIT');
    return 'retried';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await pool.query(
      `UPDATE parked_events SET error = $3, attempts = attempts + 1
        WHERE projection = $1 AND event_id = $2`,
      [projectionName, eventId, messageOf(error).replaceAll('\u0000', '\uFFFD')],
    );
    return mayPark(error)
      ? { failed: messageOf(error) }
      : { failed: messageOf(error), environment: true };
  } finally {
    client.release();
  }
}

export interface ParkedRetries {
  /** Events applied and marked retried. */
  applied: number;
  /** Events that failed again and stay parked with the new error. */
  parkedAgain: number;
  /** The error of a failure that is not the event's: the retries stopped there, to be run again. */
  stoppedBy?: string;
}

/**
 * Retries every open parked event of a projection (see retryParkedEvent), in the order of the
 * log. A failure that is not the event's (a grant still missing, the database unreachable) would
 * fail every one the same way: the retries stop at it and say so.
 */
export async function retryParkedEvents(
  pool: Pool,
  store: Pick<EventStore, 'openRows'>,
  projections: readonly Projection[],
  projectionName: string,
): Promise<ParkedRetries | 'not-found'> {
  if (!projections.some((p) => p.name === projectionName)) return 'not-found';
  const { rows } = await pool.query<{ event_id: string }>(
    `SELECT event_id FROM parked_events WHERE projection = $1 AND status = 'parked'
      ORDER BY transaction_id, global_position`,
    [projectionName],
  );
  const retries: ParkedRetries = { applied: 0, parkedAgain: 0 };
  for (const { event_id: eventId } of rows) {
    const outcome = await retryParkedEvent(pool, store, projections, projectionName, eventId);
    if (outcome === 'retried') retries.applied += 1;
    else if (typeof outcome === 'object' && outcome.environment) {
      return { ...retries, stoppedBy: outcome.failed };
    } else if (typeof outcome === 'object') retries.parkedAgain += 1;
  }
  return retries;
}

/** Marks a parked event skipped: the projection never applies it. */
export async function skipParkedEvent(
  pool: Pool,
  projectionName: string,
  eventId: string,
): Promise<ParkedOutcome> {
  const { rowCount } = await pool.query(
    `UPDATE parked_events SET status = 'skipped', resolved_at = now()
      WHERE projection = $1 AND event_id = $2 AND status = 'parked'`,
    [projectionName, eventId],
  );
  return rowCount ? 'skipped' : 'not-found';
}

/**
 * Applies events inside the caller's transaction (the Kafka workers', which also stores the
 * consumed offsets), parking each event that fails: the batch under a savepoint first; if it
 * fails, event by event, each under its own savepoint, an event that fails rolled back to it and
 * recorded in parked_events instead. A transient failure is thrown (the transaction is retried).
 */
export async function applyInTransactionOrPark(
  db: PoolClient,
  projection: Projection,
  events: readonly RecordedEvent[],
  onParked?: (parked: Pick<ParkedEvent, 'projection' | 'eventId' | 'type' | 'error'>) => void,
  scope?: Scope,
): Promise<void> {
  const attempt = async (batch: readonly RecordedEvent[]) => {
    await db.query('SAVEPOINT apply_or_park');
    try {
      await applyEvents(db, projection, batch, { aggregate: false, scope });
      await db.query('RELEASE SAVEPOINT apply_or_park');
      return undefined;
    } catch (error) {
      if (!mayPark(error)) throw error;
      await db.query('ROLLBACK TO SAVEPOINT apply_or_park');
      return error;
    }
  };
  if ((await attempt(events)) === undefined) return;
  for (const event of events) {
    const error = await attempt([event]);
    if (error === undefined) continue;
    await recordParked(db, projection.name, event, error, EVENT_ATTEMPTS);
    onParked?.({
      projection: projection.name,
      eventId: event.eventId,
      type: event.type,
      error: messageOf(error),
    });
  }
}
