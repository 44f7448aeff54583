import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@bank/infra';
import { startBank, type BankParts } from '@bank/server';
// The job workers of the feature modules (settlement, Zelle expiry...), as `npm start` has them.
import '@bank/server/modules';
import type { BankEndpoint } from './http.ts';

/** Rate limits out of the way: the load comes from one address, and seeding registers many. */
export const LOAD_RATE_LIMITS = {
  auth: { max: 1_000_000, timeWindow: 60_000 },
  money: { max: 1_000_000, timeWindow: 60_000 },
};

export interface LocalBank {
  endpoint: BankEndpoint;
  bank: BankParts;
  stop(): Promise<void>;
}

/**
 * The whole one-process bank on embedded PostgreSQL and a private redis-server, in a temporary
 * data directory on free ports; removed again by stop().
 */
export async function startLocalBank(log: (line: string) => void = () => {}): Promise<LocalBank> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-load-'));
  process.env.EMBEDDED_PG_PORT = String(await freePort());
  process.env.EMBEDDED_REDIS_PORT = String(await freePort());
  const opsToken = `ops-${randomBytes(12).toString('hex')}`;
  const bank = await startBank({
    config: {
      port: await freePort(),
      host: '127.0.0.1',
      dataDir,
      opsToken,
      secretsKey: randomBytes(32).toString('hex'),
      // A line per request would bury k6's output; LOG_LEVEL=info brings the access log back.
      logLevel: process.env.LOG_LEVEL ?? 'warn',
    },
    rateLimits: LOAD_RATE_LIMITS,
    serveFrontend: false,
    log,
  });
  return {
    endpoint: { baseUrl: bank.url, opsToken },
    bank,
    async stop() {
      await bank.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
