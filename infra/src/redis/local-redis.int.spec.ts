import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freePort } from '../local-port.ts';
import { embeddedRestarts } from '../observability/metrics.ts';
import { startLocalRedis } from './local-redis.ts';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('startLocalRedis', () => {
  it('stops its redis-server when the process that started it crashes', async () => {
    const port = await freePort();
    // A separate Node process starts the server, reports it up, then dies of an uncaught error.
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startLocalRedis } from ${JSON.stringify(new URL('./local-redis.ts', import.meta.url).pathname)};
         await startLocalRedis({ port: ${port} });
         console.log('up');
         setTimeout(() => { throw new Error('crash'); }, 50);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    owner.stdout.on('data', (chunk) => (output += chunk));
    const exitCode = await new Promise<number | null>((resolve) => owner.once('exit', resolve));
    expect(output).toContain('up');
    expect(exitCode).not.toBe(0);
    let stillUp = true;
    for (let i = 0; i < 40 && stillUp; i++) {
      stillUp = await listening(port);
      if (stillUp) await new Promise((r) => setTimeout(r, 50));
    }
    expect(stillUp).toBe(false);
  }, 20_000);
});

/** The server's first answer to a command sent without authenticating. */
const anonymousReply = (port: number, command: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${command}\r\n`));
    socket.once('data', (chunk) => {
      socket.end();
      resolve(String(chunk));
    });
    socket.once('error', reject);
  });

describe('the local Redis password', () => {
  it('refuses clients without it, and keeps it in the data directory (mode 0600)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redis-auth-'));
    const port = await freePort();
    let redis = await startLocalRedis({ port, dataDir, persistent: true });
    try {
      const file = path.join(dataDir, 'redis-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(redis.url).toBe(`redis://:${password}@127.0.0.1:${port}`);

      expect(await anonymousReply(port, 'SET k v')).toMatch(/^-NOAUTH/);

      const client = new Redis(redis.url, { lazyConnect: true });
      await client.connect();
      expect(await client.ping()).toBe('PONG');
      client.disconnect();

      // Started again on the same directory: the same password.
      await redis.stop();
      redis = await startLocalRedis({ port, dataDir, persistent: true });
      expect(redis.password).toBe(password);
    } finally {
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('a local Redis that dies', () => {
  it('is started again with the same password (one warn line, counted), but not once it stops', async () => {
    const port = await freePort();
    const warnings: string[] = [];
    const restarts = async () =>
      (await embeddedRestarts.get()).values.find((v) => v.labels.service === 'redis')?.value ?? 0;
    const before = await restarts();
    const redis = await startLocalRedis({ port, warn: (line) => warnings.push(line) });
    try {
      const first = redis.serverPid()!;
      process.kill(first, 'SIGKILL');
      const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      client.on('error', () => {});
      await expect
        .poll(async () => client.ping().catch(() => 'no answer'), {
          timeout: 10_000,
          interval: 200,
        })
        .toBe('PONG');
      client.disconnect();
      // The new server can answer a moment before its owner has recorded it.
      await expect.poll(() => redis.serverPid(), { timeout: 10_000 }).toBeDefined();
      expect(redis.serverPid()).not.toBe(first);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/redis-server .*exited unexpectedly \(SIGKILL\)/);
      expect(await restarts()).toBe(before + 1);

      // As a Ctrl-C: the server gets the signal too, and the owner says it is stopping.
      process.kill(redis.serverPid()!, 'SIGINT');
      redis.stopping();
      await new Promise((r) => setTimeout(r, 1500));
      expect(await listening(port)).toBe(false);
      expect(warnings).toHaveLength(1);
    } finally {
      await redis.stop();
    }
  }, 20_000);
});
