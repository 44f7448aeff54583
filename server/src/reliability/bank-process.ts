import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, freePort, testRedisUrl } from '../testing/index.ts';
import { launchUntilReady, type LaunchedProcess } from '../testing/process-launcher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type BankProcess = LaunchedProcess;

/** Starts `crash-bank.ts` as a child process (its own process group) and waits until it serves. */
export function startBankProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<BankProcess> {
  return launchUntilReady({
    label: 'bank',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(here, 'crash-bank.ts')],
    env,
    timeoutMs,
  });
}

/** A fresh database, a free port, and the environment a bank process (`name`) runs on there. */
export async function bankProcessEnv(name: string, extra: Record<string, string> = {}) {
  const databaseUrl = await createTestDatabase();
  const port = await freePort();
  const opsToken = `ops-${randomBytes(12).toString('hex')}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl(),
    PORT: String(port),
    OPS_TOKEN: opsToken,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `bank-${name}-`)),
    QUEUE_PREFIX: `${name}-${randomBytes(6).toString('hex')}`,
    ...extra,
  };
  return { env, databaseUrl, opsToken, base: `http://127.0.0.1:${port}` };
}
