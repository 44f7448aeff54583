import { prepared, type Statement } from './write-behind.ts';

/**
 * The class of the advisory locks (two-key form, the second key the projection's name hashed)
 * that keep scale mode's Kafka workers and a rebuild's swap apart.
 *
 * A rebuild applies the last events to its shadow tables, swaps them in and moves the projection's
 * checkpoint (the floor at or below which an event counts as applied) in one transaction, which
 * holds this lock exclusively. Each chunk a worker applies takes it shared for every projection
 * before it reads the floors, so a chunk either ends before the swap starts or waits for it and
 * then reads the new floor and skips what the rebuilt tables hold. Without it a chunk could read
 * the old floor and apply those events a second time to the new tables.
 *
 * An advisory lock, not a share lock on the checkpoint rows: those would be written into the rows
 * by every chunk, and chunks of several workers at once would make a MultiXact of each.
 */
const REBUILD_SWAP_LOCK = 7431005;

/** Taken by a rebuild's swap: the workers' chunks wait for it to commit. */
export const holdRebuildSwap = (projection: string): Statement => ({
  text: 'SELECT pg_advisory_xact_lock($1, hashtext($2))',
  values: [REBUILD_SWAP_LOCK, projection],
});

/** Taken by each chunk before it reads the floors: waits for a swap of any of `projections`. */
export const awaitRebuildSwaps = (projections: readonly string[]): Statement =>
  prepared(
    `SELECT count(pg_advisory_xact_lock_shared($1, hashtext(p)))::int AS locked
       FROM unnest($2::text[]) AS p`,
    [REBUILD_SWAP_LOCK, projections],
  );
