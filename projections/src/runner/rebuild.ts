import { comparePositions, type EventStore, type Pool, type Position } from '@bank/infra';
import pg from 'pg';
import type { Projection } from '../projection.ts';
import { catchUpProjection } from './catch-up.ts';
import { createCheckpointMover } from './checkpoint-mover.ts';
import { readCheckpoint } from './checkpoints.ts';
import { handledTypes, openerFor, readLogBatch } from './log-reader.ts';
import { inOneTrip } from './one-trip.ts';
import { CheckpointMovedError } from './parking.ts';
import type { LogReader } from './shared-reader.ts';

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
