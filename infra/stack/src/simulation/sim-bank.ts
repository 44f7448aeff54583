import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Pool } from '@bank/infra';
import { startBankProcess, type BankProcess } from '../reliability/bank-process.ts';
import { createTestDatabase, freePort, testRedisUrl } from '../testing/index.ts';

export interface Reply {
  status: number;
  body: any;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/**
 * The whole bank as its own process (so it can be killed mid-request and restarted), on a fresh
 * database and the test run's Redis, spoken to over real HTTP.
 */
export interface SimBank {
  readonly opsToken: string;
  readonly pool: Pool;
  /** One HTTP request; a network error (the bank was killed) is thrown. */
  call(
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** SIGKILL, then a fresh process on the same stores. */
  crash(): Promise<void>;
  /** Output of the current process, for the cause of a failure. */
  output(): string;
  stop(): Promise<void>;
}

export async function startSimBank(): Promise<SimBank> {
  const databaseUrl = await createTestDatabase();
  const port = await freePort();
  const opsToken = `ops-${randomBytes(12).toString('hex')}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl(),
    PORT: String(port),
    OPS_TOKEN: opsToken,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bank-sim-')),
    QUEUE_PREFIX: `sim-${randomBytes(6).toString('hex')}`,
    // A reported crypto deposit is looked at by the confirmation job at once, not after a minute.
    CRYPTO_DEPOSIT_CONFIRMATION_MS: '0',
  };
  let bank: BankProcess = await startBankProcess(env);
  const pool = createPool(databaseUrl, 4);
  const base = `http://127.0.0.1:${port}`;
  return {
    opsToken,
    pool,
    async call(method, url, token, body, headers = {}) {
      const response = await fetch(base + url, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return {
        status: response.status,
        body: parsed,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    },
    async crash() {
      await bank.kill();
      bank = await startBankProcess(env);
    },
    output: () => bank.output(),
    async stop() {
      await bank.stop();
      await pool.end();
    },
  };
}
