import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './fixtures.ts';

export type FormFactor = 'desktop' | 'mobile';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The CPU slowdown the run simulated (mobile: calibrated to this machine). */
  cpuSlowdown: number;
  benchmarkIndex: number;
}

/**
 * The CPU slowdown that makes this machine behave like Lighthouse's reference phone, from the
 * machine's benchmark index: Lighthouse's published CPU throttling calculator. Its 4x default
 * assumes a fast, idle desktop; a loaded 2-core CI runner is already slower, and slowing it 4x
 * more would test a phone far slower than the one the thresholds are about.
 */
export function mobileCpuSlowdown(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.min(4, Math.round(multiplier * 10) / 10);
}

/** One headless Chromium (Debian's) with a debugging port for Lighthouse and a kept profile. */
export async function launchAuditBrowser(): Promise<{
  context: BrowserContext;
  port: number;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
  });
  let port = 0;
  for (let attempt = 0; attempt < 100 && !port; attempt++) {
    try {
      port = Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    } catch {
      await sleep(100);
    }
  }
  if (!port) throw new Error('Chromium did not open its debugging port');
  return {
    context,
    port,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The machine's CPU time spent idle over `ms`, as a share, from /proc/stat (1 where unreadable). */
async function idleShare(ms = 500): Promise<number> {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8')
        .split('\n')[0]!
        .trim()
        .split(/\s+/)
        .slice(1);
      const ticks = fields.map(Number);
      return { idle: ticks[3]! + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const before = read();
  await sleep(ms);
  const after = read();
  if (!before || !after || after.total === before.total) return 1;
  return (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits, at most `maxMs`, until the machine is mostly idle. The suite's servers outlive the
 * other projects' tests (PostgreSQL vacuuming the tests' databases, the Kafka broker) and keep
 * working for a while after them; a page audited beside that work is scored on its load.
 */
export async function waitForIdleCpu(maxMs = 30_000): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until && (await idleShare()) < 0.8) {
    // sample again
  }
}

/** Lighthouse's benchmark index of this machine right now (what its runs report). */
export async function benchmarkIndex(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    return await page.evaluate(pageFunctions.computeBenchmarkIndex);
  } finally {
    await page.close();
  }
}

function configFor(formFactor: FormFactor, cpuSlowdown: number): Config {
  const onlyCategories = [...CATEGORIES];
  if (formFactor === 'desktop') {
    return { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories } };
  }
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories,
      throttlingMethod: 'simulate',
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    },
  };
}

function scoresOf(lhr: Result): Scores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * With LIGHTHOUSE_REPORT_DIR set, each run's full report is written there as JSON (open it in
 * the Lighthouse viewer) to see what a score is made of.
 */
function keepReport(lhr: Result, url: string, formFactor: FormFactor) {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  const file = path.join(dir, `${page}-${formFactor}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(lhr));
}

/** One Lighthouse run (cold cache, simulated throttling) of a page in the audit browser. */
export async function audit(
  browser: { context: BrowserContext; port: number },
  url: string,
  formFactor: FormFactor,
): Promise<{ scores: Scores; failedAudits: string[]; finalUrl: string }> {
  await waitForIdleCpu();
  const cpuSlowdown =
    formFactor === 'mobile' ? mobileCpuSlowdown(await benchmarkIndex(browser.context)) : 1;
  const run = () =>
    lighthouse(
      url,
      { port: browser.port, output: 'json', logLevel: 'error' },
      configFor(formFactor, cpuSlowdown),
    );
  let result = await run();
  // A trace Chrome failed to record (NO_NAVSTART and the like) says nothing about the page.
  if (result?.lhr.runtimeError) result = await run();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  keepReport(lhr, url, formFactor);
  const failedAudits = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return { scores: scoresOf(lhr), failedAudits, finalUrl: lhr.finalDisplayedUrl };
}

/** The middle value of each figure over the runs (one run is its own median). */
export function medianScores(runs: Scores[]): Scores {
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const keys = Object.keys(runs[0]!) as (keyof Scores)[];
  return Object.fromEntries(
    keys.map((k) => [k, middle(runs.map((r) => r[k]))]),
  ) as unknown as Scores;
}
