import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, START } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { defineProjection, type Handler, type Projection } from '../projection.ts';
import { catchUpProjection } from '../runner/catch-up.ts';
import { readCheckpoint } from '../runner/checkpoints.ts';
import { projectionLag } from './lag.ts';
import { checkDeterminism, readModelHash, rebuildWithShadow } from './shadow-rebuild.ts';
import { projectionTest, type GivenEvent } from './testing.ts';

const customerId = randomUUID();
const accountId = randomUUID();
const holdId = randomUUID();
const posting = (amount: number, extra: Record<string, unknown> = {}) => ({
  accountId,
  entryId: randomUUID(),
  amount,
  description: 'Test',
  kind: 'deposit',
  contra: 'cash:teller',
  reference: 'REF',
  ...extra,
});
const history: GivenEvent[] = [
  {
    type: 'AccountOpened',
    streamId: `account-${accountId}`,
    data: {
      accountId,
      customerId,
      accountNumber: '100000000001',
      routingNumber: '021000021',
      name: 'Everyday Checking',
      type: 'checking',
      productCode: 'CHK',
      currency: 'USD',
    },
  },
  { type: 'AccountCredited', streamId: `account-${accountId}`, data: posting(10_000) },
  { type: 'AccountDebited', streamId: `account-${accountId}`, data: posting(2_550) },
  {
    type: 'FundsHeld',
    streamId: `account-${accountId}`,
    data: {
      accountId,
      holdId,
      amount: 1_000,
      description: 'Pending',
      kind: 'bill_payment',
      reference: 'H',
    },
  },
];

const { givenEvents } = projectionTest(accountsProjection);

/**
 * The accounts projection, doing `first` before it applies each event of `type` (with handlers of
 * its own, so one event at a time: no set-based runs).
 */
function accountsFirstDoing(
  type: 'AccountOpened' | 'AccountCredited',
  first: () => Promise<void>,
): Projection {
  const handler = accountsProjection.handlers[type] as Handler<typeof type>;
  return defineProjection({
    ...accountsProjection,
    handlers: {
      ...accountsProjection.handlers,
      [type]: (async (data, event, db, scope) => {
        await first();
        await handler(data, event, db, scope);
      }) as Handler<typeof type>,
    },
  });
}

describe('projection toolkit', () => {
  it('given events, then rows: runs a projection on a fresh database', async () => {
    const scenario = givenEvents(history);
    await scenario.thenRows('rm_accounts', [
      {
        account_id: accountId,
        balance_cents: 7_450,
        held_cents: 1_000,
        opened_at: '2025-01-01T00:00:00.000Z',
      },
    ]);
    await scenario.thenRows('rm_ledger_balances', [
      { ledger_account: 'cash:teller', balance_cents: -7_450 },
    ]);
    await scenario.thenRows('rm_account_holds', [{ hold_id: holdId, status: 'open' }]);
  });

  it('fails when the rows differ', async () => {
    await expect(
      givenEvents(history).thenRows('rm_accounts', [{ account_id: accountId, balance_cents: 1 }]),
    ).rejects.toThrow(/rows of rm_accounts/);
  });

  it('rebuilds into a shadow table and swaps it in, keeping index names and the checkpoint', async () => {
    // A rebuild creates and swaps tables: the schema owner's work.
    const pool = await givenEvents(history).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    const before = await readCheckpoint(pool, 'accounts');
    const indexes = async () =>
      (
        await pool.query<{ indexname: string }>(
          `SELECT indexname FROM pg_indexes WHERE tablename = ANY($1) ORDER BY indexname`,
          [accountsProjection.tables],
        )
      ).rows.map((r) => r.indexname);
    const namesBefore = await indexes();
    const live = await readModelHash(pool, accountsProjection);
    // Corrupt the live table: the rebuild must put it right.
    await pool.query('UPDATE rm_accounts SET balance_cents = 1');
    const progress: number[] = [];
    const result = await rebuildWithShadow(pool, store, accountsProjection, {
      batchSize: 2,
      onProgress: (done) => progress.push(done),
    });
    expect(result.events).toBe(history.length);
    expect(progress).toEqual([2, 4]);
    expect(await readModelHash(pool, accountsProjection)).toEqual(live);
    expect(await indexes()).toEqual(namesBefore);
    expect(await readCheckpoint(pool, 'accounts')).toEqual(before);
    const schemas = await pool.query(`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'shadow_%'`);
    expect(schemas.rowCount).toBe(0);
    await store.close();
  });

  it('counts its progress in the events the projection handles, so it ends at all of them', async () => {
    const movement = (): GivenEvent => ({
      type: 'MoneyMovementRecorded',
      streamId: `money-activity-${customerId}`,
      data: {
        customerId,
        movementId: randomUUID(),
        category: 'same-bank',
        amount: 100,
        fingerprint: null,
        at: new Date().toISOString(),
      },
    });
    expect(Object.hasOwn(accountsProjection.handlers, 'MoneyMovementRecorded')).toBe(false);
    const pool = await givenEvents([movement(), ...history, movement(), movement()]).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    const progress: [done: number, total: number][] = [];
    const result = await rebuildWithShadow(pool, store, accountsProjection, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.events).toBe(history.length);
    expect(progress.at(-1)).toEqual([history.length, history.length]);
    await store.close();
  });

  it('refuses a second rebuild or determinism check of a projection while one runs', async () => {
    const pool = await givenEvents(history).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    const live = await readModelHash(pool, accountsProjection);
    // Tried while the first rebuild's handler is halfway through its batch.
    const tried: Promise<unknown>[] = [];
    const interrupted = accountsFirstDoing('AccountOpened', async () => {
      tried.push(rebuildWithShadow(pool, store, accountsProjection));
      tried.push(checkDeterminism(pool, store, accountsProjection));
      await Promise.allSettled(tried);
    });
    await rebuildWithShadow(pool, store, interrupted, { batchSize: 1 });
    for (const attempt of tried) {
      await expect(attempt).rejects.toThrow(
        'Another rebuild or determinism check of accounts is running',
      );
    }
    expect(await readModelHash(pool, accountsProjection)).toEqual(live);
    // Once it has ended, the next one runs.
    await rebuildWithShadow(pool, store, accountsProjection);
    expect(await readModelHash(pool, accountsProjection)).toEqual(live);
    await store.close();
  });

  it('stops, leaving the live tables alone, when its shadow is dropped under it', async () => {
    const pool = await givenEvents(history).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    const live = await readModelHash(pool, accountsProjection);
    // An operator drops the shadow by hand while a posting is being applied (its handler, not the
    // set-based form: the copy's handlers are its own).
    let dropped: Promise<unknown> | undefined;
    const interrupted = accountsFirstDoing('AccountCredited', async () => {
      dropped = pool.query('DROP SCHEMA shadow_accounts CASCADE');
      await setTimeout(200);
    });
    await expect(rebuildWithShadow(pool, store, interrupted, { batchSize: 1 })).rejects.toThrow();
    await dropped;
    expect(await readModelHash(pool, accountsProjection)).toEqual(live);
    await store.close();
  });

  it('checks determinism: two rebuilds give the same hash, unless the projection is not deterministic', async () => {
    const pool = await givenEvents(history).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    const report = await checkDeterminism(pool, store, accountsProjection);
    expect(report.identical).toBe(true);
    expect(report.first.hash).toMatch(/^[0-9a-f]{64}$/);

    await pool.query('CREATE TABLE rm_random_test (account_id uuid PRIMARY KEY, luck float8)');
    const careless = defineProjection({
      name: 'careless',
      tables: ['rm_random_test'],
      handlers: {
        async AccountOpened(d, _e, db) {
          await db.query('INSERT INTO rm_random_test VALUES ($1, random())', [d.accountId]);
        },
      },
    });
    expect((await checkDeterminism(pool, store, careless)).identical).toBe(false);
    await store.close();
  });

  it('measures lag in events and milliseconds', async () => {
    const pool = await givenEvents(history).pool();
    const store = createPgEventStore(pool, { reader: catalogue });
    await pool.query(`DELETE FROM projection_checkpoints WHERE projection = 'accounts'`);
    const [behind] = await projectionLag(pool, ['accounts']);
    expect(behind).toMatchObject({ projection: 'accounts', eventsBehind: history.length });
    expect(behind!.millisecondsBehind).toBeGreaterThan(0);
    expect(await readCheckpoint(pool, 'accounts')).toEqual(START);
    await pool.query('TRUNCATE rm_accounts, rm_account_holds, rm_ledger_balances');
    await catchUpProjection(pool, store, accountsProjection);
    const [caughtUp] = await projectionLag(pool, ['accounts']);
    expect(caughtUp).toMatchObject({ eventsBehind: 0, millisecondsBehind: 0 });
    await store.close();
  });

  it('rebuilds a projection that reads its writes’ row counts one statement at a time', async () => {
    const pool = await givenEvents(history).pool('owner');
    const store = createPgEventStore(pool, { reader: catalogue });
    await pool.query('CREATE TABLE rm_counting_test (account_id uuid PRIMARY KEY, postings int)');
    const counting = defineProjection({
      name: 'counting',
      tables: ['rm_counting_test'],
      handlers: {
        async AccountCredited(d, _e, db) {
          const updated = await db.query(
            'UPDATE rm_counting_test SET postings = postings + 1 WHERE account_id = $1',
            [d.accountId],
          );
          if (updated.rowCount === 0) {
            await db.query('INSERT INTO rm_counting_test VALUES ($1, 1)', [d.accountId]);
          }
        },
      },
    });
    await rebuildWithShadow(pool, store, counting);
    const { rows } = await pool.query('SELECT account_id, postings FROM rm_counting_test');
    expect(rows).toEqual([{ account_id: accountId, postings: 1 }]);
    await store.close();
  });
});

describe('projection toolkit, one database for the file', () => {
  const { givenEvents: givenInShared } = projectionTest(accountsProjection, {
    sharedDatabase: true,
  });

  it('starts each scenario from empty tables, seeing its own events only', async () => {
    const first = givenInShared(history);
    await first.thenRows('rm_accounts', [{ account_id: accountId, balance_cents: 7_450 }]);
    const pool = await first.pool();

    // The same account's stream again: the log goes on (versions continue), the projection
    // starts over.
    const again = givenInShared(history.slice(0, 2));
    await again.thenRows('rm_accounts', [{ account_id: accountId, balance_cents: 10_000 }]);
    await again.thenRows('rm_ledger_balances', [
      { ledger_account: 'cash:teller', balance_cents: -10_000 },
    ]);
    expect(await again.pool()).toBe(pool);
    const { rows } = await pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE stream_id = $1',
      [`account-${accountId}`],
    );
    expect(rows[0]!.count).toBe(history.length + 2);

    await expect(first.thenRows('rm_accounts', [])).rejects.toThrow(/Another scenario ran/);
  });

  it('waits for the events it wrote while an older transaction elsewhere is still open', async () => {
    const pool = await givenInShared(history).pool();
    const count = async () =>
      Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
    const before = await count();
    // A transaction open on the same server, as the test files beside this one keep: until it
    // ends, the log reader reads none of the events written after it began.
    const elsewhere = createPool(await createTestDatabase(), 1);
    const blocker = await elsewhere.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT pg_current_xact_id()');
    const asserted = givenInShared(history).thenRows('rm_accounts', [
      { account_id: accountId, balance_cents: 7_450 },
    ]);
    while ((await count()) < before + history.length) await setTimeout(5);
    await blocker.query('COMMIT');
    blocker.release();
    await elsewhere.end();
    await asserted;
  });
});
