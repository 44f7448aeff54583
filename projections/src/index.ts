import path from 'node:path';
import { readModelMigrationDirs } from './read-models/index.ts';

export * from './projection.ts';
export * from './runner/projection-runner.ts';
export * from './runner/checkpoints.ts';
export * from './runner/apply-or-park.ts';
export { createCheckpointMover } from './runner/checkpoint-mover.ts';
export { createSharedReader } from './runner/shared-reader.ts';
export { catchUpProjection } from './runner/catch-up.ts';
export { rebuildProjection } from './runner/rebuild.ts';
export * from './runner/parking.ts';
export { applyEvents } from './runner/apply-events.ts';
export * from './toolkit/index.ts';
export * from './read-models/index.ts';
export * from './kafka/index.ts';

/** The runner's migrations, then each read model's own, beside its projection. */
export const projectionsMigrationDirs = [
  path.resolve(import.meta.dirname, '../migrations'),
  ...readModelMigrationDirs,
];
