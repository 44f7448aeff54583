import { randomUUID } from 'node:crypto';
import { AccountCredited, catalogue, ledgerAccounts, streams } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { transactionsProjection } from '../read-models/transactions/projection.ts';
import type { Projection } from '../projection.ts';
import { catchUpProjection } from './catch-up.ts';
import { readCheckpoint } from './checkpoints.ts';
import { rebuildProjection } from './rebuild.ts';
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
