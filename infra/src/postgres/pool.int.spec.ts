import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/database.ts';
import { createPool, inTransaction, type Pool } from './pool.ts';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(testDatabaseUrlAs(await createTestDatabase(), 'owner'), 2);
  await pool.query('CREATE TABLE tx_probe (n int)');
});
afterAll(async () => {
  await pool.end();
});

const rows = async () =>
  (await pool.query<{ n: number }>('SELECT n FROM tx_probe ORDER BY n')).rows;

describe('inTransaction', () => {
  it('commits what the work wrote and answers its result', async () => {
    const answer = await inTransaction(pool, async (client) => {
      await client.query('INSERT INTO tx_probe VALUES (1), (2)');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await rows()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('rolls back everything the work wrote when it throws, and passes the error on', async () => {
    const failure = new Error('half way');
    await expect(
      inTransaction(pool, async (client) => {
        await client.query('INSERT INTO tx_probe VALUES (3)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await rows()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('releases its client either way, and opens the transaction as asked', async () => {
    for (let i = 0; i < 5; i += 1) {
      await inTransaction(pool, async () => {}).catch(() => {});
      await inTransaction(pool, async () => Promise.reject(new Error('no'))).catch(() => {});
    }
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const readOnly = inTransaction(
      pool,
      (client) => client.query('INSERT INTO tx_probe VALUES (4)'),
      'BEGIN READ ONLY',
    );
    await expect(readOnly).rejects.toThrow(/read-only transaction/);
    expect(await rows()).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
