import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankWindow, metricsUrlsFromEnv, scrapeBank } from './bank-metrics.ts';

/** A service's /metrics: its appends so far, read with the ops token only. */
function metricsServer(appends: () => number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.headers.authorization !== 'Bearer ops') return void response.writeHead(401).end();
    response.end(
      `# TYPE bank_event_store_appends_total counter\n` +
        `bank_event_store_appends_total{outcome="committed"} ${appends()}\n` +
        `bank_event_store_commit_duration_seconds_sum ${appends() / 100}\n` +
        `bank_event_store_commit_duration_seconds_count ${appends()}\n`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let commands = 0;
const servers: Server[] = [];
const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
beforeAll(async () => {
  servers.push(await metricsServer(() => commands), await metricsServer(() => 2 * commands));
});
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

describe('the load runner’s bank figures', () => {
  it('reads BANK_METRICS_URLS as a comma-separated list, none when unset', () => {
    expect(metricsUrlsFromEnv(undefined)).toBeUndefined();
    expect(metricsUrlsFromEnv(' , ')).toBeUndefined();
    expect(metricsUrlsFromEnv('http://a:3000/metrics, http://b:3000/metrics')).toEqual([
      'http://a:3000/metrics',
      'http://b:3000/metrics',
    ]);
  });

  it('sums the counters of every metrics URL over the window', async () => {
    const endpoint = {
      baseUrl: 'http://127.0.0.1:9',
      opsToken: 'ops',
      metricsUrls: servers.map((s) => `${url(s)}/metrics`),
    };
    commands = 10;
    const before = await scrapeBank(endpoint);
    commands = 50;
    const rows = Object.fromEntries(bankWindow(before, await scrapeBank(endpoint)));
    expect(rows['appends committed']).toBe('120');
    expect(rows['mean commit latency (ms)']).toBe('10.0');
  });

  it('scrapes the bank’s own /api/ops/metrics when no list is given', async () => {
    commands = 7;
    const samples = await scrapeBank({ baseUrl: url(servers[0]!), opsToken: 'ops' });
    expect(samples.find((s) => s.name === 'bank_event_store_appends_total')?.value).toBe(7);
  });
});
