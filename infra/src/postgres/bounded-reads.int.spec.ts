import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailableError } from '../http/unavailable-error.ts';
import { createTestDatabase } from '../testing/database.ts';
import { boundedReads } from './bounded-reads.ts';
import { createPool, inTransaction, type Pool } from './pool.ts';

// The server's statement_timeout is off: only the client's bound can end these waits, as with a
// server that hangs.
let pool: Pool;
let reads: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2, { statementTimeoutMs: 0 });
  reads = boundedReads(pool, 300);
});
afterAll(async () => {
  await pool.end();
});

const timedOut = async (wait: Promise<unknown>) => {
  const error = await wait.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe('Query read timeout');
  expect(isUnavailableError(error)).toBe(true);
};

describe('boundedReads', () => {
  it('ends a query the server does not answer in time, and destroys its connection', async () => {
    const started = Date.now();
    await timedOut(reads.query('SELECT pg_sleep(5)'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pool.totalCount).toBe(0);
    expect((await reads.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('fails a checked-out client at once after its timeout, and destroys it on release', async () => {
    const client = await reads.connect();
    await client.query('BEGIN');
    await timedOut(client.query({ text: 'SELECT pg_sleep($1)', values: [5] }));
    const started = Date.now();
    await timedOut(client.query('ROLLBACK'));
    expect(Date.now() - started).toBeLessThan(100);
    client.release();
    expect(pool.totalCount).toBe(0);
  });

  it('lets inTransaction end the same way, and the pool serve again', async () => {
    const started = Date.now();
    await timedOut(inTransaction(reads, (client) => client.query('SELECT pg_sleep(5)')));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pool.totalCount).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, n) =>
        inTransaction(
          reads,
          async (client) => (await client.query('SELECT $1::int AS n', [n])).rows,
        ),
      ),
    );
    expect(answers).toEqual([[{ n: 0 }], [{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
  });

  it('leaves a query that answers in time as it is', async () => {
    const { rows } = await reads.query({
      text: 'SELECT pg_sleep(0.05), $1::text AS t',
      values: ['x'],
    });
    expect(rows[0].t).toBe('x');
    expect(boundedReads(pool, 0)).toBe(pool);
  });
});
