import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs, testRedisUrl } from '@bank/infra/testing';
import { startBank, type BankParts, type StartBankOptions } from '../bank.ts';

export interface TestBank extends BankParts {
  baseUrl: string;
  opsToken: string;
  /** The schema owner's connections: what an operator's tools use (a shadow rebuild's DDL). */
  ownerPool: Pool;
}

/**
 * The whole bank on a random port with a fresh database and its own Redis key prefix, backed by
 * the real PostgreSQL and Redis that the test run started.
 */
export async function startTestBank(options: StartBankOptions = {}): Promise<TestBank> {
  const opsToken = `ops-${randomBytes(12).toString('hex')}`;
  // As `npm start`: the bank connects as the application role, the migrations run as the owner.
  const database = options.config?.databaseUrl
    ? { databaseUrl: options.config.databaseUrl }
    : await createTestDatabase().then((url) => ({
        databaseUrl: url,
        migrationDatabaseUrl: testDatabaseUrlAs(url, 'owner'),
      }));
  const bank = await startBank({
    ...options,
    config: {
      port: 0,
      host: '127.0.0.1',
      ...database,
      redisUrl: testRedisUrl(),
      opsToken,
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'bank-data-')),
      secretsKey: randomBytes(32).toString('hex'),
      ...options.config,
    },
    queuePrefix: options.queuePrefix ?? `test-${randomBytes(6).toString('hex')}`,
    rateLimits: options.rateLimits ?? {
      auth: { max: 10_000, timeWindow: 60_000 },
      money: { max: 10_000, timeWindow: 60_000 },
    },
    // A test that reads the JSON log lines gets the process logger's too.
    ...(options.logStream && !options.log ? {} : { log: options.log ?? (() => {}) }),
  });
  // Pools connect on first use: a test that never needs the owner opens no connection.
  const ownerPool = createPool(bank.config.migrationDatabaseUrl ?? bank.config.databaseUrl!, 4);
  let stopped: Promise<void> | undefined;
  return {
    ...bank,
    baseUrl: bank.url,
    opsToken,
    ownerPool,
    // A test may stop its bank itself before the file's afterAll does: stopping twice is a no-op.
    stop() {
      stopped ??= ownerPool.end().then(() => bank.stop());
      return stopped;
    },
  };
}
