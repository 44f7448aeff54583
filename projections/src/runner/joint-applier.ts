import { integerSetting, type Pool, type Position, type RecordedEvent } from '@bank/infra';
import type { Projection } from '../projection.ts';
import { beginApplying, prepared, writeBehindDb } from '../toolkit/write-behind.ts';
import { applyEvents, handlesAny } from './apply-events.ts';
import { appliesBuffered, applyOrPark, type ApplyOrParkOptions } from './apply-or-park.ts';
import type { CheckpointMover } from './checkpoint-mover.ts';
import { byProjectionName, turnBatches } from './turn-batches.ts';

export interface JointApplierOptions extends ApplyOrParkOptions {
  /**
   * The longest a joint transaction waits for any lock before its projections go alone (ms);
   * PROJECTION_LOCK_WAIT_MS when not given.
   */
  lockWaitMs?: number;
}

interface PendingApply {
  projection: Projection;
  from: Position;
  events: RecordedEvent[];
  resolve: (position: Position) => void;
  reject: (error: unknown) => void;
}

/**
 * The live batches of projections whose loops read the same stretch of the log are applied in
 * one transaction: one BEGIN, one statement opening every projection's batch, each projection's
 * writes, one statement moving every checkpoint, one COMMIT, in one round trip where the
 * handlers only write. The projections with nothing to do in the batch move their checkpoints in
 * the same statement. Applied one transaction per projection, a transfer's five events cost
 * PostgreSQL seven commits and seven round trips: one for each of the six read models they
 * change, and one for the checkpoints of the rest.
 *
 * Every projection keeps its own guarantees: its checkpoint is checked where its batch was read
 * from and moves with its rows, so nothing is applied twice or skipped. A joint transaction
 * that fails for any reason (one projection's bad event, a checkpoint another runner moved, a
 * handler that reads its writes' results) changes nothing, and its batches are then applied one
 * projection at a time by applyOrPark, which retries, parks a bad event or reports the moved
 * checkpoint for that projection alone (the checkpoint mover moves those with nothing to do).
 * Batches read behind the head (a catch-up) go alone too: their own plans and sizes suit them.
 *
 * A joint transaction waits for a lock at most `lockWaitMs`: a read model locked by someone else
 * (an operator's long transaction, a migration) then fails it, and only that read model's
 * projection waits, alone, while the others go on together.
 */
export function createJointApplier(
  pool: Pool,
  mover: CheckpointMover,
  options: JointApplierOptions = {},
) {
  const lockWaitMs = options.lockWaitMs ?? integerSetting('PROJECTION_LOCK_WAIT_MS');
  const alone = (
    projection: Projection,
    from: Position,
    events: RecordedEvent[],
    atHead: boolean,
  ) =>
    handlesAny(projection, events)
      ? applyOrPark(pool, projection, from, events, atHead, options)
      : mover.advance(projection.name, from, events[events.length - 1]!.position);
  const applyAlone = (p: PendingApply) =>
    alone(p.projection, p.from, p.events, true).then(p.resolve, p.reject);

  // What goes alone is not waited for: a bad event's retries hold up only its own projection,
  // while the next joint transaction goes on without it.
  const sendTogether = async (batches: PendingApply[]) => {
    if (batches.length === 1) {
      void applyAlone(batches[0]!);
      return;
    }
    const sorted = byProjectionName(batches, (p) => p.projection.name);
    try {
      await applyInOneTransaction(pool, sorted, lockWaitMs);
    } catch {
      // Applied alone, a projection whose handlers read their writes' results is found out and
      // goes alone from then on.
      for (const p of sorted) void applyAlone(p);
      return;
    }
    for (const p of sorted) p.resolve(p.events[p.events.length - 1]!.position);
  };

  const ask = turnBatches(sendTogether);
  return {
    /** Applies a projection's batch (see createJointApplier); resolves with its new checkpoint. */
    apply(
      projection: Projection,
      from: Position,
      events: RecordedEvent[],
      atHead: boolean,
    ): Promise<Position> {
      if (!atHead || !appliesBuffered(projection)) return alone(projection, from, events, atHead);
      return new Promise((resolve, reject) => ask({ projection, from, events, resolve, reject }));
    },
  };
}

async function applyInOneTransaction(
  pool: Pool,
  batches: PendingApply[],
  lockWaitMs: number,
): Promise<void> {
  const largest = Math.max(...batches.map((p) => p.events.length));
  const opening = [
    {
      text: `${beginApplying(largest, true)}; SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(lockWaitMs))}`,
      values: [],
    },
    // projection_batch_begin per projection, in the arrays' order (sorted by name): each makes
    // sure its checkpoint row exists, locks it, and fails (PJ001) if it moved.
    prepared(
      `SELECT projection_batch_begin(v.projection, v.tx::xid8, v.gp)
         FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS v(projection, tx, gp, n)
        ORDER BY v.n`,
      [
        batches.map((p) => p.projection.name),
        batches.map((p) => p.from.transactionId.toString()),
        batches.map((p) => p.from.globalPosition),
      ],
    ),
  ];
  const ends = batches.map((p) => p.events[p.events.length - 1]!.position);
  const move = prepared(
    `UPDATE projection_checkpoints c
        SET transaction_id = v.tx::xid8, global_position = v.gp, updated_at = now()
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(projection, tx, gp)
      WHERE c.projection = v.projection`,
    [
      batches.map((p) => p.projection.name),
      ends.map((end) => end.transactionId.toString()),
      ends.map((end) => end.globalPosition),
    ],
  );
  const client = await pool.connect();
  try {
    const writer = writeBehindDb(client, 1000, opening);
    for (const p of batches) {
      if (handlesAny(p.projection, p.events)) await applyEvents(writer.db, p.projection, p.events);
    }
    await writer.flush(move, 'COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
