import { randomUUID } from 'node:crypto';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, balanceAfterPosting, buildStatement } from './account-history.ts';

let pool: Pool;
let store: EventStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  store = createPgEventStore(pool, { reader: catalogue });
});
afterAll(async () => {
  await pool?.end();
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
