import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';
import { sampleValue, sampleValues } from '@bank/infra';

const metricsToken = `scrape-${randomUUID()}`;
let bank: TestBank;

beforeAll(async () => {
  bank = await startTestBank({ config: { metricsToken } });
});
afterAll(async () => {
  await bank.stop();
});

async function scrape(token = metricsToken): Promise<string> {
  const client = new ApiClient(bank);
  client.token = token;
  const response = await client.get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  return response.body as string;
}

const TRANSFER_ROUTE = {
  method: 'POST',
  route: '/api/transfers/between-accounts',
  status: '201',
};

describe('GET /metrics', () => {
  it('answers the scrape token and the ops token only', async () => {
    const anonymous = new ApiClient(bank);
    expect((await anonymous.get('/metrics')).status).toBe(401);
    const { client } = await signedUpCustomer(bank);
    expect((await client.get('/metrics')).status).toBe(403);
    anonymous.token = 'not-the-token';
    expect((await anonymous.get('/metrics')).status).toBe(403);
    expect(await scrape(bank.opsToken)).toContain('bank_http_request_duration_seconds');
  });

  it('moves the HTTP, event-store and projection metrics when money moves', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 100);
    const before = await scrape();
    const count = (text: string) =>
      sampleValue(text, 'bank_http_request_duration_seconds_count', TRANSFER_ROUTE) ?? 0;
    const committed = (text: string) =>
      sampleValue(text, 'bank_event_store_appends_total', { outcome: 'committed' }) ?? 0;
    const batches = (text: string) =>
      sampleValue(text, 'bank_event_store_group_commit_batch_size_count', {}) ?? 0;
    const commits = (text: string) =>
      sampleValue(text, 'bank_event_store_commit_duration_seconds_count', {}) ?? 0;
    const queueWaits = (text: string) =>
      sampleValue(text, 'bank_event_store_commit_queue_wait_seconds_count', {}) ?? 0;

    const moved = await client.post('/api/transfers/between-accounts', {
      fromAccount: accounts[0]!.id,
      toAccount: accounts[1]!.id,
      amount: 25,
    });
    expect(moved.status).toBe(201);
    const after = await scrape();

    expect(count(after)).toBe(count(before) + 1);
    expect(committed(after)).toBeGreaterThan(committed(before));
    expect(batches(after)).toBeGreaterThan(batches(before));
    expect(commits(after)).toBeGreaterThan(commits(before));
    expect(queueWaits(after)).toBeGreaterThan(queueWaits(before));
    const events = (text: string) =>
      sampleValue(text, 'bank_event_store_events_appended_total', {});
    expect(events(after)).toBeGreaterThan(events(before)!);
    expect(sampleValue(after, 'bank_events_head_position', {})).toBeGreaterThan(0);

    // Route patterns, never raw URLs: no label holds an id.
    const routes = sampleValues(after, 'bank_http_request_duration_seconds_count').map(
      (s) => s.labels.route,
    );
    expect(routes).toContain('/api/accounts');
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    for (const name of ['bank_projection_lag_events', 'bank_projection_lag_milliseconds']) {
      expect(sampleValue(after, name, { projection: 'accounts' })).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(after, 'bank_projection_parked_events', { projection: 'accounts' })).toBe(0);
    expect(sampleValue(after, 'bank_pg_pool_clients', { state: 'waiting' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(sampleValue(after, 'bank_pg_pool_clients', { state: 'total' })).toBeGreaterThan(0);
    expect(
      sampleValue(after, 'bank_queue_jobs', { queue: 'bank-jobs', state: 'waiting' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts an optimistic-concurrency conflict', async () => {
    const conflicts = async () =>
      sampleValue(await scrape(), 'bank_concurrency_conflicts_total', {}) ?? 0;
    const before = await conflicts();
    const streamId = `metrics-test-${randomUUID()}`;
    const event = { type: 'MetricsProbe', schemaVersion: 1, data: {} };
    await bank.store.append([{ streamId, expectedVersion: 'no_stream', events: [event] }], {});
    await expect(
      bank.store.append([{ streamId, expectedVersion: 'no_stream', events: [event] }], {}),
    ).rejects.toThrow(/changed concurrently/);
    expect(await conflicts()).toBe(before + 1);
  });

  it('serves the same registry on /api/ops/metrics', async () => {
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const response = await ops.get('/api/ops/metrics');
    expect(response.status).toBe(200);
    expect(response.body).toContain('# TYPE bank_http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE bank_projection_lag_events gauge');
  });
});
