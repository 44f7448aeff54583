import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFloors } from './projection-worker.ts';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(testDatabaseUrlAs(await createTestDatabase(), 'owner'), 4);
});
afterAll(async () => {
  await pool.end();
});

describe("a Kafka worker's floor while a rebuild swaps its tables in", () => {
  it('waits for the rebuild and takes its checkpoint, never the one it replaces', async () => {
    await pool.query(
      `INSERT INTO projection_checkpoints (projection, global_position) VALUES ('accounts', 10)
       ON CONFLICT (projection) DO UPDATE SET global_position = 10`,
    );
    // The rebuild's last transaction: it holds the checkpoint while it applies the last events.
    const rebuild = await pool.connect();
    const worker = await pool.connect();
    try {
      await rebuild.query('BEGIN');
      await rebuild.query(
        `SELECT 1 FROM projection_checkpoints WHERE projection = 'accounts' FOR UPDATE`,
      );
      // A chunk's transaction reads its floor meanwhile.
      await worker.query('BEGIN');
      const floors = readFloors(['accounts']);
      let settled = false;
      const read = worker
        .query<{ global_position: string }>(floors.text, floors.values)
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      // The rebuilt tables hold the events up to 42: the checkpoint moves there as they swap in.
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
});
