import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, freePort, testRedisUrl } from '../testing/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

export interface BankProcess {
  url: string;
  pid: number;
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests and commits are cut off. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/** Starts `crash-bank.ts` as a child process (its own process group) and waits until it serves. */
export async function startBankProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<BankProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-bank.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', ...env },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bank did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-50_000);
      const match = /ready on (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`bank exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: () => signal('SIGKILL', 0),
    stop: () => signal('SIGTERM', 10_000),
  };
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
