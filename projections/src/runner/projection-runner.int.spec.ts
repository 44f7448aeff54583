import { randomUUID } from 'node:crypto';
import { AccountCredited, catalogue, ledgerAccounts, streams } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { transactionsProjection } from '../read-models/transactions/projection.ts';
import { defineProjection, type Projection } from '../projection.ts';
import { catchUpProjection } from './catch-up.ts';
import { readCheckpoint } from './checkpoints.ts';
import { rebuildProjection } from './rebuild.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { checkingOpened } from './test-fixtures.ts';

let pool: Pool;
let store: EventStore;
const accountId = randomUUID();
const customerId = randomUUID();

async function tableSnapshot(table: string, orderBy: string): Promise<unknown[]> {
  return (await pool.query(`SELECT * FROM ${table} ORDER BY ${orderBy}`)).rows;
}

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 10);
  store = createPgEventStore(pool, { reader: catalogue });
  await store.append(
    [
      {
        streamId: streams.account(accountId),
        expectedVersion: 'no_stream',
        events: [
          checkingOpened({
            accountId,
            customerId,
            accountNumber: '100000000042',
            name: 'Premium Checking',
          }),
        ],
      },
    ],
    {},
  );
  // 30 deposits of 1..30 dollars in separate commits.
  for (let i = 1; i <= 30; i += 1) {
    const entryId = randomUUID();
    await store.append(
      [
        {
          streamId: streams.account(accountId),
          expectedVersion: i,
          events: [
            AccountCredited.create({
              accountId,
              entryId,
              amount: i * 100,
              description: `Deposit ${i}`,
              kind: 'deposit',
              contra: ledgerAccounts.cash,
              reference: `DEP-${i}`,
            }),
          ],
        },
      ],
      {},
    );
  }
});
afterAll(async () => {
  await pool.end();
});

const expectedBalance = (30 * 31 * 100) / 2;

describe('projection runner', () => {
  it('resumes after a crash mid-batch without applying anything twice', async () => {
    let calls = 0;
    const crashing: Projection = {
      ...accountsProjection,
      handlers: {
        ...accountsProjection.handlers,
        async AccountCredited(data, event, db, scope) {
          calls += 1;
          // As the server going away would fail it: not the event's fault, so not parked.
          if (calls === 17) {
            throw Object.assign(new Error('simulated crash in the middle of a batch'), {
              code: '57P01',
            });
          }
          await accountsProjection.handlers.AccountCredited!(data, event, db, scope);
        },
      },
    };
    await expect(catchUpProjection(pool, store, crashing, 10)).rejects.toThrow(/simulated crash/);
    // The batch that crashed left nothing behind: the balance is that of the committed batches.
    const midway = await pool.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accountId],
    );
    const committed = await readCheckpoint(pool, 'accounts');
    expect(committed.globalPosition).toBeGreaterThan(0);
    expect(midway.rows[0]!.balance_cents).toBeLessThan(expectedBalance);
    // Resume: everything lands exactly once.
    await catchUpProjection(pool, store, crashing, 10);
    const after = await pool.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accountId],
    );
    expect(after.rows[0]!.balance_cents).toBe(expectedBalance);
    const ledger = await pool.query<{ balance_cents: number }>(
      `SELECT balance_cents FROM rm_ledger_balances WHERE ledger_account = 'cash:teller'`,
    );
    expect(ledger.rows[0]!.balance_cents).toBe(-expectedBalance);
  });

  it('gives the same read model when rebuilt from the start of the log', async () => {
    await catchUpProjection(pool, store, transactionsProjection);
    const before = await tableSnapshot('rm_transactions', 'id');
    expect(before).toHaveLength(30);
    await rebuildProjection(pool, store, transactionsProjection);
    expect(await tableSnapshot('rm_transactions', 'id')).toEqual(before);
  });
});

describe("the runner's loops following the log", () => {
  it('read each new event from the database about once, however far apart the loops are', async () => {
    let rowsRead = 0;
    const counting: EventStore = {
      ...store,
      readAll: async (after, limit) => {
        const events = await store.readAll(after, limit);
        rowsRead += events.length;
        return events;
      },
    };
    // Loops that take different times per batch, so they come back to the log at different moments.
    const followers = [0, 1, 2, 3, 4, 5].map((i) =>
      defineProjection({
        name: `follower-${i}-${randomUUID()}`,
        tables: [],
        handlers: {
          AccountCredited: () => new Promise((resolve) => setTimeout(resolve, i * 2)),
        },
      }),
    );
    const head = async () =>
      Number((await pool.query('SELECT max(global_position) AS n FROM events')).rows[0]!.n);
    const start = await head();
    for (const f of followers) {
      await pool.query(
        `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
         SELECT $1, transaction_id, global_position FROM events WHERE global_position = $2`,
        [f.name, start],
      );
    }
    const runner = createProjectionRunner({
      pool,
      store: counting,
      projections: followers,
      idlePollMs: 20,
      settleMs: 0,
    });
    await runner.start();
    const appended = 60;
    try {
      const followerAccount = randomUUID();
      for (let i = 0; i < appended; i += 1) {
        await store.append(
          [
            {
              streamId: streams.account(followerAccount),
              expectedVersion: 'any',
              events: [
                AccountCredited.create({
                  accountId: followerAccount,
                  entryId: randomUUID(),
                  amount: 100,
                  description: 'Deposit',
                  kind: 'deposit',
                  contra: ledgerAccounts.cash,
                  reference: `F-${i}`,
                }),
              ],
            },
          ],
          {},
        );
        runner.wake();
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      const last = await head();
      const deadline = Date.now() + 20_000;
      for (;;) {
        const at = await Promise.all(followers.map((f) => readCheckpoint(pool, f.name)));
        if (at.every((p) => p.globalPosition === last)) break;
        if (Date.now() > deadline) throw new Error('the loops did not reach the head');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await runner.stop();
    }
    expect(rowsRead).toBeLessThanOrEqual(appended * 1.5);
  });
});
