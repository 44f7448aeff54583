import type { Pool, Position } from '@bank/infra';
import type { Projection } from '../projection.ts';
import { handlesAny } from './apply-events.ts';
import { applyOrPark, type ApplyOrParkOptions } from './apply-or-park.ts';
import type { createCheckpointMover } from './checkpoint-mover.ts';
import { readCheckpoint } from './checkpoints.ts';
import { CheckpointMovedError } from './parking.ts';
import type { LogReader } from './shared-reader.ts';

/**
 * Processes one projection until it has seen every committed event. The next batch is read while
 * this one is applied. Its batches are a catch-up's, planned as such (applyingSettings), the last
 * one too: what it reads is behind the head until the last read.
 */
export async function catchUpProjection(
  pool: Pool,
  store: LogReader,
  projection: Projection,
  batchSize = 500,
  onBatch?: (count: number) => void,
  mover?: ReturnType<typeof createCheckpointMover>,
  parking: ApplyOrParkOptions = {},
): Promise<Position> {
  let position = await readCheckpoint(pool, projection.name);
  let next = store.readAll(position, batchSize);
  for (;;) {
    const events = await next;
    if (events.length === 0) return position;
    next = store.readAll(events[events.length - 1]!.position, batchSize);
    try {
      position =
        mover && !handlesAny(projection, events)
          ? await mover.advance(projection.name, position, events[events.length - 1]!.position)
          : await applyOrPark(pool, projection, position, events, false, parking);
      onBatch?.(events.length);
    } catch (error) {
      // Another runner applied this batch first: carry on from where it got to.
      next.catch(() => {});
      if (!(error instanceof CheckpointMovedError)) throw error;
      position = await readCheckpoint(pool, projection.name);
      next = store.readAll(position, batchSize);
    }
  }
}
