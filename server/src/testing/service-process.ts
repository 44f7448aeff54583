import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, freePort, testRedisUrl } from '@bank/infra/testing';
import { launchUntilReady, type LaunchedProcess } from './process-launcher.ts';

export interface ServiceProcess extends LaunchedProcess {
  /** The npm script it runs. */
  name: string;
}

/**
 * Runs `npm run <script>` as its own process group (npm, tsx and node), exactly as an operator
 * would, on a port of its choosing, and resolves once it prints "ready on <url>".
 */
export async function startService(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const launched = await launchUntilReady({
    label: script,
    command: 'npm',
    args: ['run', '--silent', script],
    env: { PORT: '0', ...env },
    timeoutMs,
  });
  return { ...launched, name: script };
}

/**
 * The whole bank with the demo customer seeded, in a process of its own (a measurement such as
 * Lighthouse's would otherwise count its own work against the bank's answers).
 */
export async function startDemoBankProcess(timeoutMs = 120_000): Promise<{
  bank: LaunchedProcess;
  demo: { accountNumber: string; password: string };
}> {
  const bank = await launchUntilReady({
    label: 'demo bank',
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('./demo-bank-process.ts', import.meta.url))],
    env: (await bankProcessEnv('demo')).env,
    timeoutMs,
  });
  const line = /^demo (\{.*\})$/m.exec(bank.output());
  if (!line) {
    await bank.stop();
    throw new Error(`the demo bank printed no credentials:\n${bank.output()}`);
  }
  return { bank, demo: JSON.parse(line[1]!) as { accountNumber: string; password: string } };
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
