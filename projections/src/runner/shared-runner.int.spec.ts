import { randomUUID } from 'node:crypto';
import {
  AccountCredited,
  AccountDebited,
  catalogue,
  FundsHeld,
  HoldReleased,
  ledgerAccounts,
  streams,
} from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { transactionsProjection } from '../read-models/transactions/projection.ts';
import { defineProjection, type Projection } from '../projection.ts';
import { readModelHash, rebuildWithShadow } from '../toolkit/shadow-rebuild.ts';
import { readCheckpoint } from './checkpoints.ts';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner.ts';
import { rebuildProjection } from './rebuild.ts';
import { checkingOpened } from './test-fixtures.ts';

let pool: Pool;
let store: EventStore;
const accounts = [randomUUID(), randomUUID(), randomUUID()];
/** What every account's balance must be once everything is applied (cents). */
const expected = new Map<string, number>(accounts.map((a) => [a, 0]));
let cash = 0;

const append = (accountId: string, version: number | 'no_stream', events: never[]) =>
  store.append([{ streamId: streams.account(accountId), expectedVersion: version, events }], {});

const posting = (accountId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  accountId,
  entryId: randomUUID(),
  amount,
  description: 'Test',
  kind: 'deposit',
  contra: ledgerAccounts.cash,
  reference: 'REF',
  ...extra,
});

/** Per account: opened, then rounds of credits, debits, holds settled or released. */
async function appendHistory(rounds: number): Promise<void> {
  const versions = new Map<string, number>();
  for (const accountId of accounts) {
    await append(accountId, 'no_stream', [
      checkingOpened({
        accountId,
        customerId: randomUUID(),
        accountNumber: String(100000000000 + accounts.indexOf(accountId)),
      }) as never,
    ]);
    versions.set(accountId, 1);
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const accountId of accounts) {
      const holdId = randomUUID();
      const events = [
        AccountCredited.create(posting(accountId, 1_000 * round)),
        AccountCredited.create(posting(accountId, 7)),
        AccountDebited.create(posting(accountId, 300)),
        FundsHeld.create({
          accountId,
          holdId,
          amount: 50,
          description: 'Pending',
          kind: 'bill_payment',
          reference: 'H',
        }),
        round % 2 === 0
          ? AccountDebited.create(posting(accountId, 50, { holdId }))
          : HoldReleased.create({ accountId, holdId, reason: 'cancelled' }),
      ];
      const version = versions.get(accountId)!;
      await append(accountId, version, events as never[]);
      versions.set(accountId, version + events.length);
      const delta = 1_000 * round + 7 - 300 - (round % 2 === 0 ? 50 : 0);
      expected.set(accountId, expected.get(accountId)! + delta);
      cash -= delta;
    }
  }
}

async function balances(): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ account_id: string; balance_cents: number }>(
    'SELECT account_id, balance_cents FROM rm_accounts',
  );
  return new Map(rows.map((r) => [r.account_id, Number(r.balance_cents)]));
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function head() {
  const { rows } = await pool.query<{ n: number }>('SELECT max(global_position) AS n FROM events');
  return Number(rows[0]!.n);
}

/** Handles no event of the log: only its checkpoint moves. */
const idle = defineProjection({
  name: 'idle-test',
  tables: [],
  handlers: { SupportTicketOpened: async () => {} },
});

beforeAll(async () => {
  // Shadow rebuilds create and swap tables: the schema owner's work.
  pool = createPool(await createTestDatabase({ role: 'owner' }), 20);
  store = createPgEventStore(pool, { reader: catalogue });
  await appendHistory(12);
});
afterAll(async () => {
  await pool.end();
});

describe('projection runner with a shared reader', () => {
  it('two runners racing apply every event exactly once, in order', async () => {
    const runners: ProjectionRunner[] = [0, 1].map(() =>
      createProjectionRunner({
        pool,
        store,
        projections: [accountsProjection, transactionsProjection, idle],
        batchSize: 7, // many small batches: many chances to race
        idlePollMs: 20,
      }),
    );
    await Promise.all(runners.map((r) => r.start()));
    try {
      const last = await head();
      await waitFor(async () =>
        (
          await Promise.all(
            ['accounts', 'transactions', 'idle-test'].map((n) => readCheckpoint(pool, n)),
          )
        ).every((p) => p.globalPosition === last),
      );
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(await balances()).toEqual(expected);
    const ledger = await pool.query<{ balance_cents: number }>(
      `SELECT balance_cents FROM rm_ledger_balances WHERE ledger_account = $1`,
      [ledgerAccounts.cash],
    );
    expect(Number(ledger.rows[0]!.balance_cents)).toBe(cash);
    // Held amounts are back to zero: every hold was settled or released, once.
    const held = await pool.query<{ held: number }>(
      'SELECT sum(held_cents)::bigint AS held FROM rm_accounts',
    );
    expect(Number(held.rows[0]!.held)).toBe(0);
    const lines = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm_transactions WHERE status = 'completed'`,
    );
    expect(lines.rows[0]!.n).toBe(accounts.length * (12 * 3 + 6));
  });

  it('a failing projection retries alone while the others keep up', async () => {
    let failing = true;
    const errors: string[] = [];
    let applied = 0;
    const broken = defineProjection({
      name: 'broken-test',
      tables: [],
      handlers: {
        async AccountCredited() {
          if (failing) throw new Error('poison');
          applied += 1;
        },
      },
    });
    const runner = createProjectionRunner({
      pool,
      store,
      projections: [broken, idle],
      batchSize: 50,
      idlePollMs: 20,
      onError: (name, error) => {
        errors.push(name);
        if (name !== 'broken-test') console.error(error);
      },
    });
    await pool.query(`DELETE FROM projection_checkpoints WHERE projection = 'idle-test'`);
    await runner.start();
    try {
      const last = await head();
      await waitFor(async () => (await readCheckpoint(pool, 'idle-test')).globalPosition === last);
      expect(errors.length).toBeGreaterThan(0);
      expect(new Set(errors)).toEqual(new Set(['broken-test']));
      expect((await readCheckpoint(pool, 'broken-test')).globalPosition).toBeLessThan(last);
      failing = false;
      await waitFor(
        async () => (await readCheckpoint(pool, 'broken-test')).globalPosition === last,
      );
      expect(applied).toBe(accounts.length * 12 * 2);
    } finally {
      await runner.stop();
    }
  });

  it('set-based runs leave exactly the rows of the handlers one event at a time', async () => {
    for (const projection of [accountsProjection, transactionsProjection]) {
      // A copy with its own handlers object runs without the aggregation.
      const oneByOne: Projection = { ...projection, handlers: { ...projection.handlers } };
      await rebuildProjection(pool, store, oneByOne);
      const reference = await readModelHash(pool, projection);
      await rebuildProjection(pool, store, projection);
      expect(await readModelHash(pool, projection)).toEqual(reference);
      const shadow = await rebuildWithShadow(pool, store, projection, { batchSize: 9 });
      expect(shadow.events).toBeGreaterThan(0);
      expect(await readModelHash(pool, projection)).toEqual(reference);
    }
    expect(await balances()).toEqual(expected);
    // A rebuild reads only the types it handles, yet its checkpoint reaches the head of the log.
    expect((await rebuildProjection(pool, store, idle)).globalPosition).toBe(await head());
    expect((await readCheckpoint(pool, 'idle-test')).globalPosition).toBe(await head());
  });
});
