import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, startLocalRedis, type LocalRedisHandle } from '@bank/infra';
import {
  createTestDatabase,
  freePort,
  freezableHop,
  postgresHop,
  testDatabaseUrlAs,
} from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  registrationPayload,
  signedUpCustomer,
  startTestBank,
} from './testing/index.ts';

describe('Redis down', () => {
  it('still serves commands that need no job, and runs the delayed work once Redis is back', async () => {
    const port = await freePort();
    let redis: LocalRedisHandle = await startLocalRedis({ port });
    const lines: string[] = [];
    const bank = await startTestBank({
      config: { redisUrl: redis.url },
      log: (line) => lines.push(line),
    });
    const redisUp = async () => {
      const response = await fetch(`${bank.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${bank.opsToken}` },
      });
      return /^bank_redis_up (\d)$/m.exec(await response.text())?.[1];
    };
    try {
      expect(await redisUp()).toBe('1');
      await redis.stop();
      // The outage is seen at once: a metric to alert on and one log line, beside /api/health.
      await expect.poll(redisUp, { timeout: 10_000 }).toBe('0');
      expect(lines.filter((line) => line.startsWith('Redis is not reachable'))).toHaveLength(1);
      // Degraded, not healthy, yet 200: the bank still moves money, so a probe keeps it in.
      const health = await new ApiClient(bank).get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        message: 'degraded',
        data: { status: 'degraded', healthy: false, degraded: ['redis'], redis: 'down' },
      });
      // Sign-in, registration and reads do not need Redis.
      const client = new ApiClient(bank);
      const registered = await client.post('/api/register', registrationPayload());
      expect(registered.status).toBe(201);
      client.token = registered.body.data.token;
      expect((await client.get('/api/accounts')).status).toBe(200);
      // The welcome notification is a job: it waits for Redis instead of being lost.
      await new Promise((r) => setTimeout(r, 1500));
      const titles = async () =>
        (await client.get('/api/notifications')).body.data.notifications.map(
          (n: { title: string }) => n.title,
        );
      expect(await titles()).not.toContain('Welcome to Harborview Community Bank');
      redis = await startLocalRedis({ port, password: redis.password });
      await expect
        .poll(titles, { timeout: 30_000, interval: 500 })
        .toContain('Welcome to Harborview Community Bank');
      await expect.poll(redisUp, { timeout: 10_000 }).toBe('1');
      expect(lines.filter((line) => line.startsWith('Redis is not reachable'))).toHaveLength(1);
      expect(lines).toContain('Redis is reachable again: jobs run again');
      await expect
        .poll(async () => (await new ApiClient(bank).get('/api/health')).body.data, {
          timeout: 10_000,
        })
        .toMatchObject({ status: 'healthy', healthy: true, degraded: [] });
    } finally {
      await bank.stop();
      await redis.stop();
    }
  }, 60_000);
});

describe('Redis hangs with its connection open', () => {
  it('is called down by its pings, and up again when it answers', async () => {
    const port = await freePort();
    const redis = await startLocalRedis({ port });
    const hop = await freezableHop(port);
    process.env.REDIS_PING_EVERY_MS = '200';
    process.env.REDIS_PING_TIMEOUT_MS = '300';
    const lines: string[] = [];
    const bank = await startTestBank({
      config: { redisUrl: `redis://:${redis.password}@127.0.0.1:${hop.port}` },
      log: (line) => lines.push(line),
    });
    const health = async () => (await new ApiClient(bank).get('/api/health')).body.data?.redis;
    try {
      expect(await health()).toBe('up');
      // The connection stays open and the client "ready": only an unanswered ping shows it.
      hop.freeze();
      await expect.poll(health, { timeout: 10_000, interval: 200 }).toBe('down');
      expect(lines.filter((line) => line.startsWith('Redis is not reachable'))).toHaveLength(1);
      const client = new ApiClient(bank);
      const registered = await client.post('/api/register', registrationPayload());
      expect(registered.status).toBe(201);
      hop.thaw();
      await expect.poll(health, { timeout: 10_000, interval: 200 }).toBe('up');
      expect(lines).toContain('Redis is reachable again: jobs run again');
    } finally {
      delete process.env.REDIS_PING_EVERY_MS;
      delete process.env.REDIS_PING_TIMEOUT_MS;
      await bank.stop();
      await hop.close();
      await redis.stop();
    }
  }, 60_000);
});

describe('PostgreSQL hangs with its connections open', () => {
  it('answers /api/health 503 within seconds and a request past the pool 503, then recovers', async () => {
    const url = new URL(await createTestDatabase());
    const hop = await postgresHop(url.toString());
    process.env.PG_CONNECT_TIMEOUT_MS = '1000';
    process.env.PG_POOL_SIZE = '4';
    const bank = await startTestBank({
      config: {
        databaseUrl: hop.url,
        migrationDatabaseUrl: testDatabaseUrlAs(url.toString(), 'owner'),
      },
    });
    try {
      const { client } = await signedUpCustomer(bank);
      expect((await new ApiClient(bank).get('/api/health')).status).toBe(200);
      hop.freeze();
      // Reads that took one of the pool's connections wait for PostgreSQL; the rest are refused
      // once no connection comes free in time, and a probe is answered within seconds.
      const held = Array.from({ length: 6 }, () => client.get('/api/accounts'));
      // Past the quarter second for which a health report is shared.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const health = await new ApiClient(bank).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(10_000);
      const refused = await client.get('/api/accounts');
      expect(refused.status).toBe(503);
      hop.thaw();
      const statuses = (await Promise.all(held)).map((answer) => answer.status);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect((await client.get('/api/accounts')).status).toBe(200);
      await expect
        .poll(async () => (await new ApiClient(bank).get('/api/health')).status, {
          timeout: 10_000,
        })
        .toBe(200);
    } finally {
      delete process.env.PG_CONNECT_TIMEOUT_MS;
      delete process.env.PG_POOL_SIZE;
      hop.thaw();
      await bank.stop();
      await hop.close();
    }
  }, 60_000);
});

describe('PostgreSQL down', () => {
  it('answers 503 with the spec message, half-writes nothing, and recovers without a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-pg-down-'));
    const port = await freePort();
    let postgres = await startEmbeddedPostgres({ dataDir, port });
    await postgres.createDatabase('bank');
    const lines: string[] = [];
    const bank = await startTestBank({
      config: { databaseUrl: postgres.url('bank') },
      log: (line) => lines.push(line),
    });
    const said = (start: string) => lines.filter((line) => line.startsWith(start)).length;
    try {
      const { client, payload } = await signedUpCustomer(bank);
      await postgres.stop();
      // The outage is said once, not by every projection loop and job retrying every few seconds.
      await expect.poll(() => said('PostgreSQL is unreachable'), { timeout: 20_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 4000));
      expect(said('PostgreSQL is unreachable')).toBe(1);
      expect(
        lines.filter(
          (line) => line.startsWith('projection failed') || line.startsWith('job error'),
        ),
      ).toEqual([]);
      const down = await client.get('/api/accounts');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        status: 'error',
        message: 'The service is temporarily unavailable. Please try again later.',
        code: 'SERVICE_UNAVAILABLE',
      });
      const attempt = registrationPayload();
      const registerWhileDown = await new ApiClient(bank).post('/api/register', attempt);
      expect(registerWhileDown.status).toBe(503);
      expect((await new ApiClient(bank).get('/api/health')).body).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
      });

      postgres = await startEmbeddedPostgres({ dataDir, port });
      await expect
        .poll(async () => (await client.get('/api/accounts')).status, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(200);
      // The registration refused while down left nothing behind: its email is still free.
      const retry = await new ApiClient(bank).post('/api/register', attempt);
      expect(retry.status).toBe(201);
      // A taken email opens nothing (the answer does not say which detail is taken).
      const taken = await new ApiClient(bank).post(
        '/api/register',
        registrationPayload({ email: payload.email }),
      );
      expect(taken.status).toBe(200);
      expect(taken.body.data).toMatchObject({ user: null, token: null });
      // Health is 503 until every projection that failed while the database was gone has run
      // again: each waits out its backoff (at most 5 s) first.
      await expect
        .poll(async () => (await new ApiClient(bank).get('/api/health')).status, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(200);
      await expect.poll(() => said('PostgreSQL is reachable again'), { timeout: 20_000 }).toBe(1);
      expect(said('PostgreSQL is unreachable')).toBe(1);
    } finally {
      await bank.stop();
      await postgres.stop();
    }
  }, 90_000);
});
