import { comparePositions, START, type Pool, type Position } from '@bank/infra';
import pg from 'pg';
import { prepared } from '../toolkit/write-behind.ts';
import { inOneTrip } from './one-trip.ts';
import { CheckpointMovedError } from './parking.ts';
import { byProjectionName, turnBatches } from './turn-batches.ts';

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
 * and no rows go with it, so nothing can be applied twice or skipped. One batch at a time, its
 * rows locked in the order of their names: two batches updating the same rows in different
 * orders (a catch-up beside the live loops, or another process's runner) would deadlock.
 */
export type CheckpointMover = ReturnType<typeof createCheckpointMover>;

export function createCheckpointMover(pool: Pool) {
  const sendBatch = async (unordered: PendingMove[]) => {
    const moves = byProjectionName(unordered, (m) => m.projection);
    try {
      const fresh = moves.filter((m) => comparePositions(m.from, START) === 0);
      const opening = `BEGIN; SET LOCAL synchronous_commit = off${
        fresh.length > 0
          ? `; INSERT INTO projection_checkpoints (projection) VALUES ${fresh.map((m) => `(${pg.escapeLiteral(m.projection)})`).join(', ')} ON CONFLICT DO NOTHING`
          : ''
      }`;
      // Prepared, with the moves as arrays: one text whatever their number, planned once per
      // connection rather than for every batch a live stream brings.
      const update = prepared(
        `UPDATE projection_checkpoints c
            SET transaction_id = v.to_tx::xid8, global_position = v.to_gp, updated_at = now()
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[])
                AS v(projection, from_tx, from_gp, to_tx, to_gp)
          WHERE c.projection = v.projection AND c.transaction_id = v.from_tx::xid8
            AND c.global_position = v.from_gp
         RETURNING c.projection`,
        [
          moves.map((m) => m.projection),
          moves.map((m) => m.from.transactionId.toString()),
          moves.map((m) => m.from.globalPosition),
          moves.map((m) => m.to.transactionId.toString()),
          moves.map((m) => m.to.globalPosition),
        ],
      );
      const lock = prepared(
        `SELECT projection FROM projection_checkpoints WHERE projection = ANY($1::text[])
          ORDER BY projection COLLATE "C" FOR UPDATE`,
        [moves.map((m) => m.projection)],
      );
      const results = await inOneTrip(pool, [
        { text: opening, values: [] },
        lock,
        update,
        { text: 'COMMIT', values: [] },
      ]);
      const moved = new Set(
        (results[2]!.rows as { projection: string }[]).map((r) => r.projection),
      );
      for (const m of moves) {
        if (moved.has(m.projection)) m.resolve(m.to);
        else m.reject(new CheckpointMovedError(m.projection));
      }
    } catch (error) {
      for (const m of moves) m.reject(error);
    }
  };
  const ask = turnBatches(sendBatch);
  return {
    advance(projection: string, from: Position, to: Position): Promise<Position> {
      return new Promise((resolve, reject) => ask({ projection, from, to, resolve, reject }));
    },
  };
}
