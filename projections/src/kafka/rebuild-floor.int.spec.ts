import { setTimeout } from 'node:timers/promises';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { awaitRebuildSwaps, holdRebuildSwap } from '../toolkit/rebuild-swap-lock.ts';
import { rebuildWithShadow } from '../toolkit/shadow-rebuild.ts';
import { readFloors } from './projection-worker.ts';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(testDatabaseUrlAs(await createTestDatabase(), 'owner'), 4);
});
afterAll(async () => {
  await pool.end();
});

/** Whether `promise` is still pending after a while. */
async function stillPending(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  let settled = false;
  void promise.finally(() => (settled = true)).catch(() => {});
  await setTimeout(ms);
  return !settled;
}

describe("a Kafka worker's chunk and a rebuild's swap", () => {
  it('a chunk waits for the swap and takes its checkpoint, never the one it replaces', async () => {
    await pool.query(
      `INSERT INTO projection_checkpoints (projection, global_position) VALUES ('accounts', 10)
       ON CONFLICT (projection) DO UPDATE SET global_position = 10`,
    );
    const rebuild = await pool.connect();
    const worker = await pool.connect();
    try {
      // The swap's transaction: it applies the last events, swaps the tables, moves the checkpoint.
      await rebuild.query('BEGIN');
      await rebuild.query(holdRebuildSwap('accounts'));
      // A chunk's transaction starts meanwhile: its floors are read once the swap is done.
      await worker.query('BEGIN');
      const read = (async () => {
        await worker.query(awaitRebuildSwaps(['customers', 'accounts']));
        const floors = readFloors(['accounts']);
        return worker.query<{ global_position: string }>(floors.text, floors.values);
      })();
      expect(await stillPending(read)).toBe(true);
      await rebuild.query(
        `UPDATE projection_checkpoints SET global_position = 42 WHERE projection = 'accounts'`,
      );
      await rebuild.query('COMMIT');
      expect((await read).rows).toEqual([expect.objectContaining({ global_position: '42' })]);
      await worker.query('COMMIT');
    } finally {
      rebuild.release();
      worker.release();
    }
  });

  it('a rebuild swaps its tables in only once the chunks in flight have committed', async () => {
    const store = createPgEventStore(pool, { reader: catalogue });
    const worker = await pool.connect();
    try {
      await worker.query('BEGIN');
      await worker.query(awaitRebuildSwaps(['accounts', 'transactions']));
      const rebuilt = rebuildWithShadow(pool, store, accountsProjection);
      expect(await stillPending(rebuilt, 500)).toBe(true);
      await worker.query('COMMIT');
      await rebuilt;
    } finally {
      worker.release();
      await store.close();
    }
  });

  it("chunks do not wait for each other, nor for another projection's swap", async () => {
    const swap = await pool.connect();
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      await swap.query('BEGIN');
      await swap.query(holdRebuildSwap('transactions'));
      await first.query('BEGIN');
      await second.query('BEGIN');
      await first.query(awaitRebuildSwaps(['accounts', 'customers']));
      await second.query(awaitRebuildSwaps(['accounts', 'customers']));
      await Promise.all([first.query('COMMIT'), second.query('COMMIT')]);
      await swap.query('COMMIT');
    } finally {
      swap.release();
      first.release();
      second.release();
    }
  });
});
