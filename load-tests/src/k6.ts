import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Seed } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const K6_SCRIPTS = path.join(root, 'k6');
const LOCAL_K6 = path.join(root, '.bin', 'k6');

/** Runs install-k6.sh (a no-op when the pinned version is there); returns the k6 binary. */
export function ensureK6(log: (line: string) => void = console.log): string {
  if (process.env.K6_BIN) return process.env.K6_BIN;
  const started = Date.now();
  const result = spawnSync('bash', [path.join(root, 'install-k6.sh')], { encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(LOCAL_K6)) {
    throw new Error(`installing k6 failed:\n${result.stdout}\n${result.stderr}`);
  }
  log(`${result.stdout.trim().split('\n').pop()} (${Date.now() - started} ms)`);
  return LOCAL_K6;
}

export interface K6Metric {
  type: string;
  contains?: string;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface K6Result {
  /** 0: thresholds held; 99: a threshold was crossed; anything else: k6 itself failed. */
  exitCode: number;
  thresholdsPassed: boolean;
  failedThresholds: string[];
  metrics: Record<string, K6Metric>;
  durationMs: number;
  output: string;
  /** k6's web-dashboard HTML report of the run (latency and throughput over time). */
  reportFile: string;
  startedAt: Date;
  endedAt: Date;
}

/** Where the HTML reports go: K6_REPORT_DIR, else load-tests/reports (not committed). */
export const REPORT_DIR = process.env.K6_REPORT_DIR ?? path.join(root, 'reports');

/** Runs one k6 script against the seeded bank; the seed reaches the script through SEED_FILE. */
export async function runK6(
  k6: string,
  script: string,
  seed: Seed,
  env: Record<string, string> = {},
  log: (chunk: string) => void = (chunk) => process.stdout.write(chunk),
): Promise<K6Result> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'k6-run-'));
  const seedFile = path.join(dir, 'seed.json');
  const summaryFile = path.join(dir, 'summary.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  mkdirSync(REPORT_DIR, { recursive: true });
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const reportFile = path.join(REPORT_DIR, `${path.basename(script, '.js')}-${stamp}.html`);
  const child = spawn(k6, ['run', '--quiet', '--no-usage-report', path.join(K6_SCRIPTS, script)], {
    env: {
      ...process.env,
      ...env,
      SEED_FILE: seedFile,
      SUMMARY_FILE: summaryFile,
      K6_NO_USAGE_REPORT: 'true',
      // k6's own web dashboard, exported as one HTML file when the run ends. Its live page
      // (http://127.0.0.1:5665) only when K6_WEB_DASHBOARD_PORT asks for it: by default k6
      // would wait for an open browser tab before exiting.
      K6_WEB_DASHBOARD: 'true',
      K6_WEB_DASHBOARD_EXPORT: reportFile,
      K6_WEB_DASHBOARD_PORT: process.env.K6_WEB_DASHBOARD_PORT ?? '-1',
      // k6 skips the report ("not enough data") for a run of fewer than about ten periods, and
      // the smoke run lasts a few seconds on a quiet machine.
      K6_WEB_DASHBOARD_PERIOD:
        process.env.K6_WEB_DASHBOARD_PERIOD ?? (script === 'smoke.js' ? '200ms' : '2s'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log(chunk.toString());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exitCode = await new Promise<number>((resolve) =>
    child.on('close', (code) => resolve(code ?? 1)),
  );
  if (!existsSync(summaryFile)) {
    throw new Error(`k6 ${script} exited ${exitCode} without a summary:\n${output.slice(-4000)}`);
  }
  const data = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
    metrics: Record<string, K6Metric>;
    state?: { testRunDurationMs?: number };
  };
  const failedThresholds = Object.entries(data.metrics).flatMap(([name, metric]) =>
    Object.entries(metric.thresholds ?? {})
      .filter(([, t]) => !t.ok)
      .map(([expression]) => `${name} ${expression}`),
  );
  return {
    exitCode,
    thresholdsPassed: exitCode === 0 && failedThresholds.length === 0,
    failedThresholds,
    metrics: data.metrics,
    durationMs: data.state?.testRunDurationMs ?? 0,
    output,
    reportFile,
    startedAt,
    endedAt: new Date(),
  };
}

/** A counter's total from a k6 result (0 when the run never touched it). */
export function counter(result: K6Result, name: string): number {
  return result.metrics[name]?.values.count ?? 0;
}
