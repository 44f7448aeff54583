import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bank/infra/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, runScript } from '../testing/run-script.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const groups: number[] = [];
const dataDirs: string[] = [];
const listeners: net.Server[] = [];

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
};

afterAll(async () => {
  for (const listener of listeners) listener.close();
  // Whatever a failed run left in its process group (the servers a killed bank left behind).
  for (const group of groups) signalGroup(group, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const group of groups) signalGroup(group, 'SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

const parentOf = (pid: number) =>
  Number(/^PPid:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** The process `parent` started that runs `command` (found by its name). */
function childOf(parent: number, command: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const pid = Number(entry);
      if (
        parentOf(pid) === parent &&
        readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command
      ) {
        return pid;
      }
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const postmasterOf = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** `npm start` in its own process group, as a person runs it, its output collected. */
function npmStart(env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', 'start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  groups.push(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

/** The start's output once the bank says it runs, or once the start has ended (refused). */
async function upOrEnded(start: ReturnType<typeof npmStart>): Promise<string> {
  const deadline = Date.now() + 180_000;
  const ended = () => start.child.exitCode !== null || start.child.signalCode !== null;
  while (!start.output().includes('is running at') && !ended() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return start.output();
}

describe('npm start after the bank alone was killed (SIGKILL, as the OOM killer does)', () => {
  it.runIf(existsSync('/proc/self'))(
    'stops the PostgreSQL and Redis the dead bank left running, says so, and comes up healthy',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-left-running-'));
      dataDirs.push(dataDir);
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        EMBEDDED_PG_PORT: String(await freePort()),
        EMBEDDED_REDIS_PORT: String(await freePort()),
      };

      const first = npmStart({ ...env, PORT: String(await freePort()) });
      expect(await upOrEnded(first)).toContain('is running at');
      const postmaster = postmasterOf(dataDir);
      const bank = parentOf(postmaster);
      const redisServer = childOf(bank, 'redis-server')!;
      expect(redisServer).toBeDefined();
      process.kill(bank, 'SIGKILL');
      await first.exited;
      // What the OOM killer leaves: both servers run on, their owner gone.
      expect(running(postmaster)).toBe(true);
      expect(running(redisServer)).toBe(true);

      const port = await freePort();
      const second = npmStart({ ...env, PORT: String(port) });
      expect(await upOrEnded(second)).toContain('is running at');
      try {
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status, {
            timeout: 30_000,
            interval: 500,
          })
          .toBe(200);
        const logLines = second
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .join('\n');
        const warnings = jsonLines(logLines).filter((line) => line.level === 40);
        expect(warnings.map((line) => line.msg)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(
              new RegExp(
                `^Stopped the embedded PostgreSQL \\(pid ${postmaster}, port ${env.EMBEDDED_PG_PORT}\\) a bank from this folder left running when it died \\(pid ${bank}\\)`,
              ),
            ),
            expect.stringMatching(
              new RegExp(
                `^Stopped the embedded Redis \\(pid ${redisServer}, port ${env.EMBEDDED_REDIS_PORT}\\) a bank from this folder left running when it died \\(pid ${bank}\\)`,
              ),
            ),
          ]),
        );
        expect(running(postmaster)).toBe(false);
        expect(running(redisServer)).toBe(false);

        // While that bank runs, another start from the same folder is refused, naming it.
        const again = await runScript('start', { ...env, PORT: '0' }, (out) =>
          out.includes('is running at'),
        );
        expect(again.code).toBe(2);
        const refusal = jsonLines(again.stderr).find((line) => line.level === 60);
        expect(refusal?.msg).toContain(
          `Port ${env.EMBEDDED_PG_PORT}, where the embedded PostgreSQL would listen, is held by the bank already running from this folder (pid ${parentOf(postmasterOf(dataDir))})`,
        );
      } finally {
        signalGroup(second.child.pid!, 'SIGTERM');
        await second.exited;
      }
    },
    300_000,
  );

  it('still refuses a port another program listens on, even one a stale postmaster.pid names', async () => {
    const listener = net.createServer();
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const taken = (listener.address() as net.AddressInfo).port;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-left-running-'));
    dataDirs.push(dataDir);
    // As a PostgreSQL killed outright leaves it: a pid (here this test's, alive) and the port.
    mkdirSync(path.join(dataDir, 'postgres'));
    writeFileSync(
      path.join(dataDir, 'postgres', 'postmaster.pid'),
      `${process.pid}\n${path.join(dataDir, 'postgres')}\n0\n${taken}\n`,
    );
    const run = await runScript(
      'start',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        EMBEDDED_PG_PORT: String(taken),
        EMBEDDED_REDIS_PORT: String(await freePort()),
      },
      (out) => out.includes('is running at'),
    );
    expect(run.code).toBe(2);
    const refusal = jsonLines(run.stderr).find((line) => line.level === 60);
    expect(refusal?.msg).toBe(
      `Port ${taken}, where the embedded PostgreSQL would listen, is already in use: is another bank running from another folder? Stop it, or set EMBEDDED_PG_PORT to a free port.`,
    );
  });
});
