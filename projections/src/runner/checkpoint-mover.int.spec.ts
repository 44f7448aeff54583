import { createPool, START, type Pool, type Position } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
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
});
