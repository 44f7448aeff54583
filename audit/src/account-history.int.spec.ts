import { randomUUID } from 'node:crypto';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  balanceAfterPosting,
  balanceAt,
  buildStatement,
  replayCustomer,
} from './account-history.ts';
import { appendUnreadableCredit } from './testing.ts';

let pool: Pool;
/** The schema owner's connection: the bank's own role cannot write `events` directly. */
let owner: Pool;
let store: EventStore;

beforeAll(async () => {
  const url = await createTestDatabase();
  pool = createPool(url, 2);
  owner = createPool(testDatabaseUrlAs(url, 'owner'), 1);
  store = createPgEventStore(pool, { reader: catalogue });
});
afterAll(async () => {
  await pool?.end();
  await owner?.end();
});

/** The pool, counting the rows its queries hand back. */
function counting(of: Pool) {
  const counted = { rows: 0 };
  const query = async (...args: unknown[]) => {
    const result = await (of.query as (...a: unknown[]) => Promise<{ rows: unknown[] }>)(...args);
    counted.rows += result.rows.length;
    return result;
  };
  return { pool: { query } as unknown as Pool, counted };
}

/**
 * An account with the postings given (cents, credits positive), each at its value date; a
 * teller's cash deposit unless another kind and contra account are given.
 */
async function accountWith(
  postings: { cents: number; at: string; kind?: string; contra?: string }[],
) {
  const accountId = randomUUID();
  const stream = `account-${accountId}`;
  await store.append(
    [
      {
        streamId: stream,
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'AccountOpened',
            schemaVersion: 1,
            data: {
              accountId,
              customerId: randomUUID(),
              accountNumber: String(100_000_000_000 + Math.floor(Math.random() * 1e9)),
              routingNumber: '021000021',
              name: 'Premium Checking',
              type: 'checking',
              productCode: 'premium-checking',
              currency: 'USD',
            },
          },
          ...postings.map((p, i) => ({
            type: p.cents >= 0 ? 'AccountCredited' : 'AccountDebited',
            schemaVersion: 1,
            data: {
              accountId,
              entryId: randomUUID(),
              amount: Math.abs(p.cents),
              description: `Posting ${i}`,
              kind: p.kind ?? 'deposit',
              contra: p.contra ?? 'clearing:cash',
              reference: `REF${i}`,
              occurredAt: p.at,
            },
          })),
        ],
      },
    ],
    {},
  );
  const { rows } = await pool.query<{ global_position: string }>(
    `SELECT global_position FROM events WHERE stream_id = $1 AND type <> 'AccountOpened'
     ORDER BY stream_version`,
    [stream],
  );
  return {
    account: (await accountInfo(pool, accountId))!,
    positions: rows.map((r) => Number(r.global_position)),
  };
}

const minute = (n: number) => new Date(Date.UTC(2026, 0, 10) + n * 60_000).toISOString();

describe('a statement of a long-lived account', () => {
  // 400 postings in January, a minute apart; February's few sit at the month's very edges.
  const january = Array.from({ length: 400 }, (_, i) => ({
    cents: i % 3 === 0 ? -(i + 1) : 1_000 + i,
    at: minute(i),
  }));
  const february = [
    { cents: -7, at: '2026-01-31T23:59:59.999Z' },
    { cents: 11, at: '2026-02-01T00:00:00.000Z' },
    { cents: 13, at: '2026-02-14T12:00:00.000Z' },
    { cents: -17, at: '2026-02-28T23:59:59.999Z' },
    { cents: 19, at: '2026-03-01T00:00:00.000Z' },
  ];
  const sum = (list: { cents: number }[]) => list.reduce((total, p) => total + p.cents, 0);

  it('reads the postings of the period, not the whole history, and opens on all before it', async () => {
    const { account } = await accountWith([...january, ...february]);
    const { pool: countedPool, counted } = counting(pool);
    const statement = await buildStatement(
      countedPool,
      account,
      new Date('2026-02-01T00:00:00.000Z'),
      new Date('2026-03-01T00:00:00.000Z'),
    );
    expect(statement.openingBalance).toBe(sum(january) - 7);
    expect(statement.lines.map((line) => line.amount)).toEqual([11, 13, -17]);
    expect(statement.closingBalance).toBe(sum(january) - 7 + 11 + 13 - 17);
    // The posting just before and the one just after the month are read, and nothing else.
    expect(counted.rows).toBeLessThanOrEqual(5);
  });

  it('gives a receipt the balance after its posting without reading the whole history', async () => {
    const postings = [...january, ...february];
    const { account, positions } = await accountWith(postings);
    for (const i of [0, 150, 399, 401]) {
      const { pool: countedPool, counted } = counting(pool);
      expect(await balanceAfterPosting(countedPool, account, positions[i]!)).toBe(
        sum(postings.slice(0, i + 1)),
      );
      expect(counted.rows).toBeLessThanOrEqual(5);
    }
    // Another account's posting, or none, has no balance after it here.
    expect(await balanceAfterPosting(pool, account, 1)).toBeUndefined();
  });
});

describe('a statement’s fees charged', () => {
  it('counts every charge paid to the bank’s fee income, the crypto desk’s 1% among them', async () => {
    const { account } = await accountWith([
      { cents: 500_00, at: minute(0) },
      // A transfer to another bank and its fee.
      { cents: -120_00, at: minute(1), kind: 'external', contra: 'clearing:external' },
      { cents: -3_00, at: minute(1), kind: 'fee', contra: 'income:fees' },
      // A crypto purchase: the coins and the desk's fee, both of the crypto kind.
      { cents: -99_00, at: minute(2), kind: 'crypto', contra: 'clearing:crypto' },
      { cents: -1_00, at: minute(2), kind: 'crypto', contra: 'income:fees' },
    ]);
    const statement = await buildStatement(
      pool,
      account,
      new Date('2026-01-01T00:00:00.000Z'),
      new Date('2026-02-01T00:00:00.000Z'),
    );
    expect(statement.closingBalance).toBe(277_00);
    expect(statement.totalFees).toBe(4_00);
  });
});

describe('an event the bank cannot read', () => {
  it('is left out of balances, statements and replays, as the bank leaves it out, and named', async () => {
    const { account, positions } = await accountWith([
      { cents: 100_00, at: minute(0) },
      { cents: -30_00, at: minute(1) },
    ]);
    const unreadable = await appendUnreadableCredit(owner, account.accountId);
    const { rows } = await pool.query<{ amount: unknown }>(
      `SELECT data -> 'amount' AS amount FROM events WHERE global_position = $1`,
      [unreadable.position],
    );
    expect(rows[0]!.amount).toBe('oops');

    const now = await balanceAt(pool, account.accountId, new Date());
    expect(now).toMatchObject({ balance: 70_00, held: 0, available: 70_00, eventsApplied: 2 });
    expect(now.lastEvent?.position).toBe(positions[1]);
    expect(now.skipped).toEqual([
      {
        streamId: `account-${account.accountId}`,
        version: unreadable.version,
        position: unreadable.position,
        type: 'AccountCredited',
        schemaVersion: 1,
        reason: 'invalid_data',
        problem: expect.stringMatching(/^amount: .*number/),
      },
    ]);
    // Before it was recorded it is not there to skip.
    expect((await balanceAt(pool, account.accountId, new Date(minute(2)))).skipped).toEqual([]);

    // Statements with it inside the period and before it: the two postings, not the unreadable
    // one, whose amount the database must not sum (a failed cast would fail the statement).
    const end = new Date('2100-01-01T00:00:00Z');
    const whole = await buildStatement(pool, account, new Date('2000-01-01T00:00:00Z'), end);
    expect(whole.lines.map((line) => line.amount)).toEqual([100_00, -30_00]);
    expect(whole.closingBalance).toBe(70_00);
    const later = await buildStatement(pool, account, new Date('2026-01-11T00:00:00Z'), end);
    expect({ opening: later.openingBalance, lines: later.lines.length }).toEqual({
      opening: 70_00,
      lines: 0,
    });
    expect(await balanceAfterPosting(pool, account, unreadable.position)).toBeUndefined();
    expect(await balanceAfterPosting(pool, account, positions[1]!)).toBe(70_00);

    const steps = [];
    for await (const step of replayCustomer(pool, account.customerId)) steps.push(step);
    expect(steps.at(-1)!.event.position).toBe(unreadable.position);
    expect(steps.at(-1)!.balances[account.accountId]).toEqual({
      balance: 70_00,
      held: 0,
      available: 70_00,
    });
  });
});
