import { createPool, START, type Pool, type Position } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckpointMover } from './checkpoint-mover.ts';
import { readCheckpoint } from './checkpoints.ts';
import { CheckpointMovedError } from './parking.ts';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 10);
});
afterAll(async () => {
  await pool.end();
});

const at = (n: number): Position => ({ transactionId: BigInt(n), globalPosition: n });
const names = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}-${i}`);

/** The pool, counting the connections the mover holds at once. */
function counting(base: Pool) {
  const seen = { now: 0, most: 0 };
  const pool = new Proxy(base, {
    get(target, key, receiver) {
      if (key !== 'connect') return Reflect.get(target, key, receiver);
      return async () => {
        const client = await target.connect();
        seen.now += 1;
        seen.most = Math.max(seen.most, seen.now);
        const release = client.release.bind(client);
        client.release = (...args: Parameters<typeof release>) => {
          seen.now -= 1;
          return release(...args);
        };
        return client;
      };
    },
  });
  return { pool, seen };
}

describe('the checkpoint mover', () => {
  it('sends one batch at a time: what is asked meanwhile goes in the next', async () => {
    const { pool: watched, seen } = counting(pool);
    const mover = createCheckpointMover(watched);
    const first = names('first').map((p) => mover.advance(p, START, at(1)));
    // The first batch is on its way; these come while it is.
    await new Promise((resolve) => setImmediate(resolve));
    const second = names('second').map((p) => mover.advance(p, START, at(1)));
    expect(await Promise.all([...first, ...second])).toEqual(Array(24).fill(at(1)));
    expect(seen.most).toBe(1);
    for (const p of [...names('first'), ...names('second')]) {
      expect(await readCheckpoint(pool, p)).toEqual(at(1));
    }
  });

  it('never deadlocks against another process moving the same checkpoints in another order', async () => {
    const projections = names('shared');
    const one = createCheckpointMover(pool);
    const other = createCheckpointMover(pool);
    await Promise.all(projections.map((p) => one.advance(p, START, at(1))));
    for (let round = 1; round < 40; round += 1) {
      const outcomes = await Promise.allSettled([
        ...projections.map((p) => one.advance(p, at(round), at(round + 1))),
        ...[...projections].reverse().map((p) => other.advance(p, at(round), at(round + 1))),
      ]);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(CheckpointMovedError);
      }
      // Each checkpoint moved once, by whichever mover came first.
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(projections.length);
    }
  });

  it("locks checkpoints in the order every writer does, whatever the database's collation", async () => {
    // A database whose collation ignores punctuation (as glibc's en_US does) sorts 'accounts'
    // before 'account-statements'; every other writer locks in code-point order, the other way.
    const url = await createTestDatabase();
    const owner = createPool(testDatabaseUrlAs(url, 'owner'), 1);
    const app = createPool(url, 4);
    try {
      await owner.query(
        `CREATE COLLATION punctuation_ignored (provider = icu, locale = 'und-u-ka-shifted');
         DROP VIEW projection_positions;
         ALTER TABLE projection_checkpoints
           ALTER COLUMN projection TYPE text COLLATE punctuation_ignored`,
      );
      const [first, second] = ['account-statements', 'accounts'];
      const mover = createCheckpointMover(app);
      await Promise.all([first!, second!].map((p) => mover.advance(p, START, at(1))));

      const locker = await app.connect();
      try {
        // Another writer (a joint transaction) holds the first checkpoint and will want the
        // second: a mover that locked the second first would deadlock with it.
        await locker.query(
          `BEGIN; SELECT 1 FROM projection_checkpoints WHERE projection = '${first}' FOR UPDATE`,
        );
        const moved = Promise.allSettled(
          [first!, second!].map((p) => mover.advance(p, at(1), at(2))),
        );
        await expect
          .poll(async () => {
            const { rows } = await owner.query(
              `SELECT count(*)::int AS n FROM pg_locks
                WHERE NOT granted AND pid IN (SELECT pid FROM pg_stat_activity
                                               WHERE datname = current_database())`,
            );
            return rows[0].n;
          })
          .toBe(1);
        await locker.query(
          `SELECT 1 FROM projection_checkpoints WHERE projection = '${second}' FOR UPDATE`,
        );
        await locker.query('COMMIT');
        expect((await moved).map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      } finally {
        await locker.query('ROLLBACK').catch(() => {});
        locker.release();
      }
      expect(await readCheckpoint(app, first!)).toEqual(at(2));
      expect(await readCheckpoint(app, second!)).toEqual(at(2));
    } finally {
      await app.end();
      await owner.end();
    }
  });
});
