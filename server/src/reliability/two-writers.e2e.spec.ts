import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { centsToDollars } from '@bank/events';
import { createPool, type Pool } from '@bank/infra';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  freePort,
  registrationPayload,
  testRedisUrl,
} from '../testing/index.ts';
import { startBankProcess, type BankProcess } from './bank-process.ts';
import { booksFromLog } from './books.ts';

/**
 * Two whole banks (each as `npm start` runs it) pointed at one database: only one may be its
 * writer, and whatever the clients send through both ports, no account goes below zero and the
 * books hold exactly what was acknowledged.
 */
const ACCOUNTS = 12;
const DEPOSIT_CENTS = 100_00;
const DEBIT_CENTS = 60_00;
const DEBITS_PER_ACCOUNT = 4;
const REFUSAL = /already running on this database as its only writer/;

const running: BankProcess[] = [];
let pool: Pool | undefined;
afterAll(async () => {
  for (const bank of running) await bank.stop();
  await pool?.end();
});

async function call(
  base: string,
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' && url.startsWith('/api/transfers')
        ? { 'idempotency-key': randomUUID() }
        : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

describe('two bank processes on one database', () => {
  it('lets only one be the writer; racing debits through both ports overdraw nothing and the books are exact', async () => {
    const databaseUrl = await createTestDatabase();
    const opsToken = `ops-${randomBytes(12).toString('hex')}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      OPS_TOKEN: opsToken,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      QUEUE_PREFIX: `writers-${randomBytes(6).toString('hex')}`,
    };
    const ports = [await freePort(), await freePort()];
    const envFor = (port: number) => ({
      ...shared,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bank-writers-')),
    });
    const started = await Promise.allSettled(ports.map((p) => startBankProcess(envFor(p))));
    for (const s of started) if (s.status === 'fulfilled') running.push(s.value);
    const refused = started.filter((s) => s.status === 'rejected');
    expect(running.length).toBe(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(REFUSAL);
    pool = createPool(databaseUrl, 2);

    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const live = running[0]!.url.replace('localhost', '127.0.0.1');
    const checkings: { token: string; checking: string; savings: string }[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const registered = await call(
        live,
        'POST',
        '/api/register',
        undefined,
        registrationPayload({ name: `Writer Tester ${i}` }),
      );
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      const token = registered.body.data.token as string;
      let accounts: { id: string; account_number: string; name: string }[] = [];
      await expect
        .poll(
          async () => {
            accounts = (await call(live, 'GET', '/api/accounts', token)).body.data.accounts;
            return accounts.length;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(2);
      const checking = accounts.find((a) => a.name === 'Premium Checking')!;
      const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
      const deposited = await call(live, 'POST', '/api/ops/deposits', opsToken, {
        account_number: checking.account_number,
        amount: centsToDollars(DEPOSIT_CENTS),
        description: 'Two writers test funding',
      });
      expect(deposited.status).toBe(201);
      checkings.push({ token, checking: checking.id, savings: savings.id });
    }
    const fundedBooks = await booksFromLog(pool);

    // Each checking account gets more debits than it can cover, all at once, through both ports.
    const outcomes = await Promise.all(
      checkings.flatMap((c) =>
        Array.from({ length: DEBITS_PER_ACCOUNT }, async (_, n) => {
          const answer = await call(
            bases[n % 2]!,
            'POST',
            '/api/transfers/between-accounts',
            c.token,
            {
              fromAccount: c.checking,
              toAccount: c.savings,
              amount: centsToDollars(DEBIT_CENTS),
              memo: 'race',
            },
          ).catch(() => undefined); // the port of the process that did not start
          return { account: c, status: answer?.status };
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);

    const books = await booksFromLog(pool);
    expect([...books.accounts.values()].filter((cents) => cents < 0)).toEqual([]);
    for (const c of checkings) {
      const acknowledged = outcomes.filter((o) => o.account === c && o.status === 201).length;
      expect(acknowledged).toBeLessThanOrEqual(Math.floor(DEPOSIT_CENTS / DEBIT_CENTS));
      expect(books.accounts.get(c.checking)).toBe(DEPOSIT_CENTS - acknowledged * DEBIT_CENTS);
      expect(books.accounts.get(c.savings) ?? 0).toBe(acknowledged * DEBIT_CENTS);
    }
    expect(books.customerTotal).toBe(fundedBooks.customerTotal);
    expect(books.customerTotal + books.internalTotal).toBe(0);

    // When the writer dies, however abruptly, its lock goes with it and another can start.
    await running[0]!.kill();
    running.splice(0, 1, await startBankProcess(envFor(ports[0]!)));
    const after = await call(
      `http://127.0.0.1:${ports[0]}`,
      'POST',
      '/api/transfers/between-accounts',
      checkings[0]!.token,
      {
        fromAccount: checkings[0]!.checking,
        toAccount: checkings[0]!.savings,
        amount: '5.00',
        memo: 'after takeover',
      },
    );
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  }, 240_000);
});
