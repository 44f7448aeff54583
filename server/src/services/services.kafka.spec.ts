import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@bank/events';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase, testRedisUrl } from '@bank/infra/testing';
import { registrationPayload } from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';
import { startTogether } from '../testing/process-launcher.ts';
import { startService, type ServiceProcess } from '../testing/service-process.ts';
import { waitForProjections } from '../scale/read-model-hash.ts';

/** The npm scripts this file starts: docker-compose.yml may name only these (compose test). */
export const SCRIPTS_RUN_HERE = [
  'start:command-api',
  'start:query-api',
  'start:projections',
  'start:jobs',
  'start:edge',
];

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: json };
}

/**
 * The bank as separate processes, each started by its own npm script, exactly as docker compose
 * runs them (without Docker): two command-api instances, a query-api, a projection worker and a
 * job worker in scale mode (a real Kafka broker), and the Node edge in front.
 */
describe('separate services behind the edge', () => {
  let broker: KafkaBroker;
  let pool: Pool;
  const services: Record<string, ServiceProcess> = {};
  const opsToken = `ops-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    broker = await startKafkaBroker();
    const databaseUrl = await createTestDatabase();
    pool = createPool(databaseUrl, 2);
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      KAFKA_BROKERS: broker.brokers.join(','),
      OPS_TOKEN: opsToken,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      PG_POOL_SIZE: '8',
    };
    const started = await startTogether([
      startService('start:command-api', env),
      startService('start:command-api', env),
      startService('start:query-api', env),
      startService('start:projections', env),
      startService('start:jobs', env),
    ]);
    [services.command1, services.command2, services.query, services.projections, services.jobs] =
      started;
    services.edge = await startService('start:edge', {
      COMMAND_API_URLS: `${started[0]!.url},${started[1]!.url}`,
      QUERY_API_URLS: started[2]!.url,
      PROJECTIONS_URLS: started[3]!.url,
      JOBS_URLS: started[4]!.url,
    });
  });

  afterAll(async () => {
    await Promise.all(Object.values(services).map((s) => s.stop()));
    await pool?.end();
    await broker?.destroy();
  });

  it('aggregates the health of every service at /api/health', async () => {
    const health = await call(services.edge!.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data.services).toEqual({
      'command-api#1': true,
      'command-api#2': true,
      'query-api#1': true,
      'projections#1': true,
      'jobs#1': true,
    });
  });

  it('routes commands to command-api and reads to query-api', async () => {
    const edge = services.edge!.url;
    const registered = await call(edge, 'POST', '/api/register', registrationPayload());
    expect(registered.status).toBe(201);
    await waitForProjections(pool);
    const accounts = await call(
      edge,
      'GET',
      '/api/accounts',
      undefined,
      registered.body.data.token,
    );
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.data.accounts.length).toBeGreaterThan(0);
    // A command-side GET (the card's full details live in the write model) reaches command-api.
    const card = await call(
      edge,
      'GET',
      `/api/cards/${crypto.randomUUID()}`,
      undefined,
      registered.body.data.token,
    );
    expect(card.status).toBe(404);
    expect(card.body.status).toBe('error');
  });

  it('two command-api instances racing on one account never overdraw it', async () => {
    const [one, two] = [services.command1!.url, services.command2!.url];
    const registered = await call(one, 'POST', '/api/register', registrationPayload());
    const token = registered.body.data.token as string;
    await waitForProjections(pool);
    const accounts = (await call(services.query!.url, 'GET', '/api/accounts', undefined, token))
      .body.data.accounts as { id: string; account_number: string; type: string }[];
    const from = accounts.find((a) => a.type === 'checking') ?? accounts[0]!;
    const to = accounts.find((a) => a.id !== from.id)!;
    const deposit = await call(
      two,
      'POST',
      '/api/ops/deposits',
      { account_number: from.account_number, amount: 100, description: 'Teller deposit' },
      opsToken,
    );
    expect(deposit.status).toBe(201);
    await waitForProjections(pool);
    const before = (await call(services.query!.url, 'GET', '/api/accounts', undefined, token)).body
      .data.accounts as { id: string; balance: number }[];
    const startCents = Math.round(before.find((a) => a.id === from.id)!.balance * 100);

    // 30 transfers of about $10, alternating between the two instances, all at once. Amounts
    // differ by a cent each: identical ones would be refused as duplicates, which proves nothing.
    const attempts = 30;
    const cents = (i: number) => 1000 + i;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        call(
          i % 2 === 0 ? one : two,
          'POST',
          '/api/transfers/between-accounts',
          { fromAccount: from.id, toAccount: to.id, amount: cents(i) / 100, memo: `race ${i}` },
          token,
        ),
      ),
    );
    const succeeded = results.flatMap((r, i) => (r.status >= 200 && r.status < 300 ? [i] : []));
    const refused = results.flatMap((r, i) => (r.status >= 400 && r.status < 500 ? [i] : []));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(succeeded.length + refused.length).toBe(attempts);
    expect(succeeded.length).toBeGreaterThan(1);
    expect(refused.length).toBeGreaterThan(0);
    const moved = succeeded.reduce((sum, i) => sum + cents(i), 0);
    expect(moved).toBeLessThanOrEqual(startCents);

    // The source of truth: the account's own stream never goes below zero at any version.
    const { rows } = await pool.query<{ type: string; amount: string }>(
      `SELECT type, data->>'amount' AS amount FROM events
        WHERE stream_id = $1 AND type IN ('AccountCredited', 'AccountDebited')
        ORDER BY stream_version`,
      [streams.account(from.id)],
    );
    let balance = 0;
    for (const row of rows) {
      balance += row.type === 'AccountCredited' ? Number(row.amount) : -Number(row.amount);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect(balance).toBe(startCents - moved);
    // Every refusal was right: the balance only fell after it, so it is still below that amount.
    for (const i of refused) expect(balance).toBeLessThan(cents(i));
  });
});
