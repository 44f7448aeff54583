import { randomUUID } from 'node:crypto';
import { createPool, type Pool, type PoolClient } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  fillReadModelDisk,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

/**
 * Bounded staleness: an open transaction anywhere holds back what the projections may read. A
 * read with a consistency token then answers 503 instead of stale data, /api/health says why,
 * and a transaction the bank itself leaves open is ended by the server.
 */
process.env.CONSISTENCY_WAIT_MS = '1500';
process.env.HEALTH_MAX_LAG_MS = '1000';
process.env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS = '1000';

let bank: TestBank;
let outside: Pool;
beforeAll(async () => {
  bank = await startTestBank();
  outside = createPool(bank.config.databaseUrl!, 2);
});
afterAll(async () => {
  await bank?.stop();
  await outside?.end();
});

/** Begins a transaction that takes a transaction id, as a forgotten `BEGIN; UPDATE ...` would. */
async function openTransaction(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_current_xact_id()');
  return client;
}

const balanceOf = (response: { body: any }, accountId: string): string | undefined =>
  response.body?.data?.accounts?.find((a: { id: string }) => a.id === accountId)?.balance;

describe('consistency tokens and staleness', () => {
  it('answers 400 at once to a token that is malformed or ahead of the server, after authentication', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    // A real position, and ones made from it that no command answered with: the same transaction
    // at a global position past the log's, or past the transaction's own last event.
    const real = (await deposit(bank, accounts[0]!.account_number, 5)).headers[
      'x-consistency-token'
    ]!;
    const [transactionId, globalPosition] = real.split('.') as [string, string];
    const forged = [
      `${transactionId}.9999999999999999`,
      `${transactionId}.${Number(globalPosition) + 1_000_000}`,
      `${BigInt(transactionId) - 1n}.${Number(globalPosition) + 1}`,
    ];
    expect((await client.get('/api/accounts', { 'x-consistency-token': real })).status).toBe(200);
    for (const token of [
      'nonsense',
      '1.2.3',
      '18446744073709551615.1',
      `${'9'.repeat(20)}.1`,
      ...forged,
    ]) {
      const started = Date.now();
      const answer = await client.get('/api/accounts', { 'x-consistency-token': token });
      expect(answer.status, token).toBe(400);
      expect(Date.now() - started, token).toBeLessThan(1000);
      expect(answer.body).toEqual({
        status: 'error',
        message: 'The X-Consistency-Token header is not a position this bank has issued.',
        code: 'INVALID_CONSISTENCY_TOKEN',
      });
    }
    // A card's details are read on the command side (they need a step-up): the same rule.
    const card = await client.get(`/api/cards/${randomUUID()}`, {
      'x-consistency-token': '18446744073709551615.1',
    });
    expect(card.status).toBe(400);
    expect(card.body.code).toBe('INVALID_CONSISTENCY_TOKEN');
    const anonymous = await new ApiClient(bank).get('/api/accounts', {
      'x-consistency-token': '18446744073709551615.1',
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers 503 rather than stale data while an open transaction holds the log back, and health says so', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    const before = balanceOf(await client.get('/api/accounts'), checking.id);
    const healthy = await new ApiClient(bank).get('/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.data).toMatchObject({
      ready: true,
      healthy: true,
      heldBack: { events: 0 },
      parkedEvents: 0,
      redis: 'up',
    });
    expect(healthy.body.data.projections.lagEvents).toEqual(expect.any(Number));

    const blocker = await openTransaction(outside);
    let token: string | undefined;
    try {
      const deposited = await deposit(bank, checking.account_number, 75, {
        waitForReadModels: false,
      });
      token = deposited.headers['x-consistency-token']!;
      expect(token).toMatch(/^\d+\.\d+$/);
      const stale = await client.get('/api/accounts', { 'x-consistency-token': token });
      expect(stale.status).toBe(503);
      expect(stale.headers['retry-after']).toBe('1');
      expect(stale.body).toEqual({
        status: 'error',
        message: 'The service is temporarily unavailable. Please try again later.',
        code: 'NOT_YET_CONSISTENT',
      });
      // Without a token the page is served as the read models have it: the deposit is not there.
      expect(
        balanceOf(await client.get('/api/accounts', { 'x-consistency-token': '' }), checking.id),
      ).toBe(before);
      await expect
        .poll(async () => (await new ApiClient(bank).get('/api/health')).body, { timeout: 20_000 })
        // The deposit's three events are held back: its credit, its Idempotency-Key's record and
        // its mark on the guard against the same deposit sent again without a key.
        .toMatchObject({ code: 'DEGRADED', data: { healthy: false, heldBack: { events: 3 } } });
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
    const fresh = await client.get('/api/accounts', { 'x-consistency-token': token! });
    expect(fresh.status).toBe(200);
    expect(Number(balanceOf(fresh, checking.id))).toBe(Number(before) + 75);
    await expect
      .poll(async () => (await new ApiClient(bank).get('/api/health')).status, { timeout: 20_000 })
      .toBe(200);
  });

  it("limits the bank's sessions: a transaction it leaves open is ended, and reads catch up", async () => {
    const settings = await bank.pool.query<{ idle: string; statement: string }>(
      `SELECT current_setting('idle_in_transaction_session_timeout') AS idle,
              current_setting('statement_timeout') AS statement`,
    );
    expect(settings.rows[0]).toEqual({ idle: '1s', statement: '1min' });

    const { client, accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    const before = Number(balanceOf(await client.get('/api/accounts'), checking.id));
    const forgotten = await openTransaction(bank.pool);
    try {
      const deposited = await deposit(bank, checking.account_number, 20, {
        waitForReadModels: false,
      });
      const token = deposited.headers['x-consistency-token']!;
      await expect
        .poll(
          async () =>
            Number(
              balanceOf(
                await client.get('/api/accounts', { 'x-consistency-token': token }),
                checking.id,
              ),
            ),
          { timeout: 30_000, interval: 500 },
        )
        .toBe(before + 20);
      await expect(forgotten.query('SELECT 1')).rejects.toThrow();
    } finally {
      forgotten.release(true);
    }
  });
});

describe('a read model that is stuck', () => {
  it('holds back only the reads that show it: the others answer with the token at once', async () => {
    const { client, accounts, user } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    const before = Number(balanceOf(await client.get('/api/accounts'), checking.id));
    // The notifications' disk is full for this customer: that projection stands still, retrying,
    // and every other one goes on.
    const freeDisk = await fillReadModelDisk(bank.ownerPool, {
      table: 'rm_notifications',
      column: 'customer_id',
      value: user.id,
      on: 'INSERT',
    });
    let token: string;
    try {
      const deposited = await deposit(bank, checking.account_number, 30, {
        waitForReadModels: false,
      });
      token = deposited.headers['x-consistency-token']!;
      const withToken = { 'x-consistency-token': token };
      // The balance and the dashboard read the accounts and transactions: they show the deposit.
      const fresh = await client.get('/api/accounts', withToken);
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      expect(Number(balanceOf(fresh, checking.id))).toBe(before + 30);
      const dashboard = await client.get('/api/dashboard', withToken);
      expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
      // The notifications cannot show it yet: 503, not a list without it.
      const notifications = await client.get('/api/notifications', withToken);
      expect(notifications.status).toBe(503);
      expect(notifications.body.code).toBe('NOT_YET_CONSISTENT');
      expect(notifications.headers['retry-after']).toBe('1');
    } finally {
      await freeDisk();
    }
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications', { 'x-consistency-token': token })).status,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(200);
  });
});
