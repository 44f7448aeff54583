import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@bank/infra/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, runScript } from '../testing/run-script.ts';

const dataDirs: string[] = [];
const listeners: net.Server[] = [];
afterAll(() => {
  for (const listener of listeners) listener.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A port something else listens on, as another bank's embedded servers would. */
async function takenPort(): Promise<number> {
  const listener = net.createServer();
  listeners.push(listener);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return (listener.address() as net.AddressInfo).port;
}

async function startOn(ports: { postgres: number; redis: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-start-ports-'));
  dataDirs.push(dataDir);
  return runScript(
    'start',
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      EMBEDDED_PG_PORT: String(ports.postgres),
      EMBEDDED_REDIS_PORT: String(ports.redis),
    },
    (out) => out.includes('is running at'),
  );
}

// A second `npm start` from another folder finds the first one's embedded servers on their ports.
describe('npm start with an embedded server port already taken', () => {
  it('refuses to start, naming the port, the server and the setting that moves it', async () => {
    const postgres = await takenPort();
    const run = await startOn({ postgres, redis: await freePort() });
    expect(run.code).toBe(2);
    const [refusal] = jsonLines(run.stderr);
    expect(refusal).toMatchObject({ level: 60 });
    expect(refusal!.msg).toBe(
      `Port ${postgres}, where the embedded PostgreSQL would listen, is already in use: is another bank running from another folder? Stop it, or set EMBEDDED_PG_PORT to a free port.`,
    );
  });

  it('does not use whatever Redis listens there: it stops its PostgreSQL and says so', async () => {
    const redis = await takenPort();
    const run = await startOn({ postgres: await freePort(), redis });
    expect(run.code).toBe(2);
    const refusal = jsonLines(run.stderr).find((line) => line.level === 60);
    expect(refusal?.msg).toContain(`Port ${redis}, where the embedded Redis would listen`);
    expect(refusal?.msg).toContain('set EMBEDDED_REDIS_PORT to a free port');
    expect(run.stdout).not.toContain('is running at');
  });
});

describe('npm start with a DATA_DIR that cannot hold the bank', () => {
  const start = (dataDir: string) =>
    runScript('start', { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, (out) =>
      out.includes('is running at'),
    );

  it('refuses at once when a parent of it is a file, naming DATA_DIR', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-data-dir-'));
    dataDirs.push(dir);
    writeFileSync(path.join(dir, 'file'), '');
    const run = await start(path.join(dir, 'file', 'data'));
    expect(run.code).toBe(2);
    const refusal = jsonLines(run.stderr).find((line) => line.level === 60);
    expect(refusal?.msg).toBe(`DATA_DIR: ${path.join(dir, 'file')} is not a directory`);
  });

  it.runIf(existsSync('/proc/self'))(
    'refuses at once under /proc, where a recursive mkdir never returns',
    async () => {
      const run = await start('/proc/bank-data/nested');
      expect(run.code).toBe(2);
      const refusal = jsonLines(run.stderr).find((line) => line.level === 60);
      expect(refusal?.msg).toBe('DATA_DIR: /proc/bank-data cannot be created (ENOENT)');
    },
  );
});
