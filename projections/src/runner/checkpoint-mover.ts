import { comparePositions, START, type Pool, type Position } from '@bank/infra';
import pg from 'pg';
import { inlineParameters } from '../toolkit/write-behind.ts';
import { inOneTrip } from './one-trip.ts';
import { CheckpointMovedError } from './parking.ts';

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
