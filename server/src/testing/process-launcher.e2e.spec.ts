import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, startTogether } from './process-launcher.ts';
import { bankProcessEnv, startService } from './service-process.ts';

/** The ids of the processes whose environment carries `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
      } catch {
        return false; // ended meanwhile, or not ours to read
      }
    })
    .map(Number);
}

describe('services started together', () => {
  it('are all stopped when one of them fails to start', async () => {
    const { env } = await bankProcessEnv('together');
    const marker = `together-${randomBytes(6).toString('hex')}`;
    const starting = startTogether([
      startService('start:command-api', { ...env, QUEUE_PREFIX: marker }, 90_000),
      // A broker without a port: the service refuses its settings and exits with 2.
      startService('start:query-api', { ...env, KAFKA_BROKERS: 'kafka-1' }, 90_000),
    ]);
    // The first one is running (it carries the marker) while the second one is refused.
    await expect.poll(() => processesWith(marker).length).toBeGreaterThan(0);
    await expect(starting).rejects.toThrow(/start:query-api exited with 2[\s\S]*KAFKA_BROKERS/);
    expect(processesWith(marker)).toEqual([]);
  }, 180_000);
});

/**
 * A process standing for a test worker: it launches a command that stays (sleep) and carries
 * `marker`, says so, then ends as `ending` says: by process.exit, or by SIGTERM.
 */
async function workerThatLaunched(marker: string, ending: 'exit' | 'SIGTERM') {
  const script = `
    import { launchUntilReady } from './server/src/testing/process-launcher.ts';
    await launchUntilReady({
      label: 'sleeper',
      command: 'sh',
      args: ['-c', 'echo ready on http://127.0.0.1:9; exec sleep 300'],
      env: { MARKER: ${JSON.stringify(marker)} },
      timeoutMs: 30_000,
    });
    console.log('launched');
    // A line on standard input ends it with process.exit; until then it stays.
    process.stdin.once('data', () => process.exit(0));
  `;
  const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repositoryRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let printed = '';
  worker.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const ended = once(worker, 'exit');
  await expect.poll(() => printed, { timeout: 30_000 }).toContain('launched');
  expect(processesWith(marker).length).toBeGreaterThan(0);
  if (ending === 'SIGTERM') worker.kill('SIGTERM');
  else worker.stdin.write('end\n');
  const [code, signal] = (await ended) as [number | null, NodeJS.Signals | null];
  return { code, signal };
}

describe('a process that launched services', () => {
  it('takes them with it when it exits', async () => {
    const marker = `exit-${randomBytes(6).toString('hex')}`;
    expect(await workerThatLaunched(marker, 'exit')).toEqual({ code: 0, signal: null });
    // Signalled as the worker ended; a loaded machine may take a moment to reap them.
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  }, 60_000);

  it('takes them with it when it is ended with SIGTERM, and still ends by the signal', async () => {
    const marker = `term-${randomBytes(6).toString('hex')}`;
    expect(await workerThatLaunched(marker, 'SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});
