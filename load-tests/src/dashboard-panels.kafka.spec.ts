import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSamples, type Sample } from '@bank/infra';
import {
  startKafkaBroker,
  startTestBank,
  type KafkaBroker,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureK6, runK6 } from './k6.ts';
import { seedCustomers } from './seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const INSTALL_TIMEOUT_MS = 30 * 60_000;

/**
 * Metrics a healthy mixed run leaves where they were, and why; their panels stay flat, but the
 * registry must still export them (a panel on a metric nobody exports shows nothing).
 */
const FLAT_IN_A_MIXED_RUN = new Map([
  ['bank_concurrency_conflicts_total', 'a fault: two writers on one stream'],
  ['bank_events_skipped_total', 'a fault: an event ops chose to skip'],
  ['bank_queue_job_failures_total', 'a fault: a job that failed'],
  [
    'bank_queue_job_delay_seconds_bucket',
    'observed when a job starts; the mixed run schedules none (its transfers settle at once)',
  ],
]);

/** Every metric the Grafana dashboard's panels read, by panel title. */
function dashboardMetrics(): Map<string, string[]> {
  const dashboard = JSON.parse(
    readFileSync(path.join(root, 'infra/observability/grafana/dashboards/bank.json'), 'utf8'),
  ) as { panels: { type: string; title: string; targets?: { expr: string }[] }[] };
  const used = new Map<string, string[]>();
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets ?? []) {
      for (const [, name] of expr.matchAll(/\b((?:bank|process|nodejs)_[a-z0-9_]+)\b/g)) {
        used.set(name!, [...(used.get(name!) ?? []), panel.title]);
      }
    }
  }
  return used;
}

interface Scrape {
  samples: Sample[];
  /** `# TYPE` of each metric family. */
  types: Map<string, string>;
}

async function scrape(bank: TestBank): Promise<Scrape> {
  const response = await fetch(`${bank.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${bank.opsToken}` },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const types = new Map(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const),
  );
  return { samples: parseSamples(text), types };
}

const total = (s: Scrape, name: string) =>
  s.samples.filter((x) => x.name === name).reduce((n, x) => n + x.value, 0);

/**
 * "A k6 mixed run with the dashboard open shows each panel moving", checked without Grafana: the
 * bank in scale mode (a real Kafka broker, so the relay and consumer panels have data), a short
 * k6 mixed run, and the bank's /metrics scraped before and after. Every metric a panel reads
 * must have moved: counters and histogram counts grew, gauges have samples.
 */
describe('the Grafana dashboard during a k6 mixed run', () => {
  let broker: KafkaBroker;
  let bank: TestBank;
  let k6: string;

  beforeAll(async () => {
    k6 = ensureK6(() => {});
    // The first events wait for the consumer groups to form, longer than a read's usual wait.
    process.env.CONSISTENCY_WAIT_MS = '120000';
    broker = await startKafkaBroker();
    bank = await startTestBank({ config: { kafkaBrokers: broker.brokers } });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await bank?.stop();
    await broker?.destroy();
    delete process.env.CONSISTENCY_WAIT_MS;
  });

  it('moves every metric a panel reads', async () => {
    const endpoint = { baseUrl: bank.baseUrl, opsToken: bank.opsToken };
    const seed = await seedCustomers(endpoint, {
      customers: 12,
      depositDollars: 5_000,
      log: () => {},
    });
    const before = await scrape(bank);
    const output: string[] = [];
    const result = await runK6(
      k6,
      'mixed.js',
      seed,
      // A short, gentle run: latency thresholds are not what this checks on a busy machine.
      { RATE: '8', RAMP: '5s', HOLD: '15s', P95: '60000', P99: '60000' },
      (chunk) => output.push(chunk),
    );
    expect([0, 99], output.join('')).toContain(result.exitCode);
    const after = await scrape(bank);

    const still: string[] = [];
    for (const [name, panels] of dashboardMetrics()) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      const type = after.types.get(family) ?? after.types.get(name);
      const where = `${name} (${panels.join(', ')})`;
      if (!type) still.push(`${where}: not exported`);
      else if (FLAT_IN_A_MIXED_RUN.has(name)) continue;
      else if (type === 'histogram') {
        const count = `${family}_count`;
        if (!(total(after, count) > total(before, count))) still.push(`${where}: no observation`);
      } else if (type === 'counter') {
        if (!(total(after, name) > total(before, name))) still.push(`${where}: did not grow`);
      } else if (!after.samples.some((s) => s.name === name)) {
        still.push(`${where}: no sample`);
      }
    }
    expect(still, output.join('')).toEqual([]);
  }, 600_000);
});
