import { mkdtempSync, rmSync, unlinkSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@bank/infra';
import { freePort } from '@bank/infra/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, runScript } from '../testing/run-script.ts';

const dataDirs: string[] = [];
const listeners: net.Server[] = [];
afterAll(() => {
  for (const listener of listeners) listener.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const newDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-start-settings-'));
  dataDirs.push(dir);
  return dir;
};

/** Whether something answers on a loopback port. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * `npm start` on a fresh or given DATA_DIR with `env` on top; its embedded servers on ports of
 * their own, so the test can tell whether any is left running once the start has failed.
 */
async function start(env: Record<string, string>, dataDir = newDir()) {
  const ports = { postgres: await freePort(), redis: await freePort() };
  const run = await runScript(
    'start',
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      OPS_TOKEN: 'ops-start-settings',
      EMBEDDED_PG_PORT: String(ports.postgres),
      EMBEDDED_REDIS_PORT: String(ports.redis),
      ...env,
    },
    (out) => out.includes('is running at'),
  );
  const orphans = [
    ...((await answers(ports.postgres)) ? ['PostgreSQL'] : []),
    ...((await answers(ports.redis)) ? ['Redis'] : []),
  ];
  return { ...run, orphans };
}

/** The run ended with exit code 2 and nothing but one fatal line naming `setting`. */
function expectRefused(run: Awaited<ReturnType<typeof start>>, setting: string) {
  expect(run.code, run.stderr).toBe(2);
  const lines = jsonLines(run.stderr);
  expect(lines).toEqual([expect.objectContaining({ level: 60, setting })]);
  expect(lines[0]!.reason).toEqual(expect.any(String));
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
  expect(run.orphans).toEqual([]);
  return lines[0]!;
}

describe('npm start with a setting it cannot run on', () => {
  it('refuses a SECRETS_KEY that is not 32 bytes, never echoing it', async () => {
    const line = expectRefused(await start({ SECRETS_KEY: 'abcd' }), 'SECRETS_KEY');
    expect(line.msg).toContain('must be 32 bytes');
    expect(line.msg).not.toContain('abcd');
  }, 90_000);

  it('refuses a DIGEST_FILE whose directory is under a file', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'file'), '');
    const run = await start({ DIGEST_FILE: path.join(dir, 'file', 'digests.log') });
    const line = expectRefused(run, 'DIGEST_FILE');
    expect(line.msg).toBe(`DIGEST_FILE: ${path.join(dir, 'file')} is not a directory`);
  }, 90_000);

  it.runIf(existsSync('/proc/self'))(
    'refuses a DIGEST_FILE under /proc at once, where a recursive mkdir never returns',
    async () => {
      const line = expectRefused(
        await start({ DIGEST_FILE: '/proc/nope/digests.log' }),
        'DIGEST_FILE',
      );
      expect(line.msg).toBe('DIGEST_FILE: /proc/nope cannot be created (ENOENT)');
    },
    90_000,
  );

  it('refuses a HOST that does not resolve', async () => {
    const line = expectRefused(await start({ HOST: 'nosuchhost.invalid' }), 'HOST');
    expect(line.msg).toContain('nosuchhost.invalid does not resolve');
  }, 90_000);

  it('refuses a PORT something else listens on before it starts PostgreSQL and Redis', async () => {
    const listener = net.createServer();
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as net.AddressInfo).port;
    const line = expectRefused(await start({ PORT: String(port) }), 'PORT');
    expect(line.msg).toBe(`PORT: 127.0.0.1:${port} cannot be listened on (EADDRINUSE)`);
  }, 120_000);

  it('stops its PostgreSQL and Redis when the start fails after they run (a damaged secrets.key)', async () => {
    const dataDir = newDir();
    writeFileSync(path.join(dataDir, 'secrets.key'), 'abcd');
    const line = expectRefused(await start({}, dataDir), 'DATA_DIR');
    expect(line.msg).toBe(
      `DATA_DIR: ${path.join(dataDir, 'secrets.key')} does not hold a key (64 hex characters)`,
    );
  }, 120_000);

  it('refuses a restored postgres folder without its postgres-passwords.json, and stops it', async () => {
    const dataDir = newDir();
    // A data directory from an earlier start, restored without the file of its passwords.
    const earlier = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    await earlier.stop();
    unlinkSync(path.join(dataDir, 'postgres-passwords.json'));
    const line = expectRefused(await start({}, dataDir), 'DATA_DIR');
    expect(line.msg).toContain('postgres-passwords.json');
  }, 120_000);
});
