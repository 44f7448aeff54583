import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs a command in its own process group, collecting its output. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return { child, exited, output: () => output };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

// The README's first command, exactly as a newcomer runs it: a fresh clone (the committed HEAD),
// `npm install && npm start`, then the web app's pages in a real browser.
describe('a fresh clone', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-fresh-clone-'));
  let started: ReturnType<typeof run> | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    if (started) {
      killGroup(started.child, 'SIGTERM');
      const stopped = await Promise.race([
        started.exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!stopped) killGroup(started.child, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
    // Removing the clone's node_modules alone can take a minute on a busy 2-core machine.
  }, 180_000);

  it('serves the web app at / and /login after `npm install && npm start`', async () => {
    const clone = path.join(dir, 'bank');
    const cloned = spawnSync('git', ['clone', '-q', repoRoot, clone], { encoding: 'utf8' });
    expect(cloned.status, cloned.stderr).toBe(0);
    expect(existsSync(path.join(clone, 'frontend/dist'))).toBe(false);

    const install = run('npm', ['install', '--no-audit', '--no-fund'], clone);
    expect(await install.exited, install.output()).toBe(0);

    const port = await freePort();
    started = run('npm', ['start'], clone, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_REDIS_PORT: String(await freePort()),
    });
    const startLog = started.output;
    await expect
      .poll(startLog, { timeout: 240_000, interval: 500 })
      .toMatch(/Harborview Community Bank is running at/);
    expect(startLog()).toMatch(/Web app: frontend\/dist is missing, building it/);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
    await page.goto('/');
    await page.locator('header.site-header').waitFor();
    await page.getByRole('link', { name: 'Online Banking' }).first().waitFor();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Account number' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    // The demo customer's history is in a published digest from the first start on.
    const digests = readFileSync(path.join(dir, 'data', 'digests.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { streams: number });
    expect(digests.some((d) => d.streams > 0)).toBe(true);
  }, 480_000);
});
