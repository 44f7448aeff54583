import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalRedis } from '@bank/infra';
import { createTestDatabase, freePort, testDatabaseUrlAs, testRedisUrl } from '@bank/infra/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BROKER_START_WAIT_MS } from '../start-checks.ts';
import { jsonLines, runScript } from '../testing/run-script.ts';

const settings = async () => ({
  DATABASE_URL: await createTestDatabase(),
  REDIS_URL: testRedisUrl(),
  OPS_TOKEN: `ops-${randomBytes(8).toString('hex')}`,
  SECRETS_KEY: randomBytes(32).toString('hex'),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bank-start-refusal-')),
});

describe('a separate service whose stores cannot be reached', () => {
  it('refuses a KAFKA_BROKERS no broker answers at: one fatal line naming it, exit 2, within the wait', async () => {
    const started = performance.now();
    const run = await runScript(
      'start:projections',
      { ...(await settings()), KAFKA_BROKERS: `127.0.0.1:${await freePort()}` },
      () => false,
    );
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stderr).toBe(2);
    const lines = jsonLines(run.stderr);
    expect(lines).toEqual([
      expect.objectContaining({ level: 60, service: 'projections', setting: 'KAFKA_BROKERS' }),
    ]);
    expect(lines[0]!.msg).toMatch(/^projections: KAFKA_BROKERS: .*ECONNREFUSED/);
    // The process's own start (tsx, PostgreSQL, migrations) comes on top of the broker's wait,
    // which lasts as long as the message says.
    expect(seconds).toBeGreaterThanOrEqual(BROKER_START_WAIT_MS / 1000);
    expect(seconds).toBeLessThan(BROKER_START_WAIT_MS / 1000 + 15);
  }, 90_000);

  it('refuses a DATABASE_URL whose password is wrong: one fatal line naming it, never the password', async () => {
    const env = await settings();
    const wrong = new URL(env.DATABASE_URL);
    wrong.password = `wrong-${randomBytes(6).toString('hex')}`;
    const run = await runScript(
      'start:query-api',
      { ...env, DATABASE_URL: wrong.toString() },
      () => false,
    );
    expect(run.code, run.stderr).toBe(2);
    const lines = jsonLines(run.stderr);
    expect(lines).toEqual([
      expect.objectContaining({ level: 60, service: 'query-api', setting: 'DATABASE_URL' }),
    ]);
    expect(lines[0]!.msg).toMatch(/DATABASE_URL: .*password authentication failed/);
    expect(run.stdout + run.stderr).not.toContain(wrong.password);
  }, 90_000);
});

describe('a setting present but wrong', () => {
  const refusedWith = async (script: string, env: Record<string, string>, setting: string) => {
    const run = await runScript(script, env, () => false);
    expect(run.code, run.stderr).toBe(2);
    const lines = jsonLines(run.stderr);
    expect(lines).toEqual([expect.objectContaining({ level: 60, setting })]);
    expect(lines[0]!.reason).toEqual(expect.any(String));
    return lines[0]!;
  };

  it('refuses TRUST_PROXY=true on a service: exit 2, one fatal line naming it', async () => {
    const line = await refusedWith(
      'start:command-api',
      { ...(await settings()), TRUST_PROXY: 'true' },
      'TRUST_PROXY',
    );
    expect(line).toMatchObject({ service: 'command-api' });
  }, 90_000);

  it('refuses a KAFKA_SESSION_TIMEOUT_MS under 1000 before it waits for a broker', async () => {
    const started = performance.now();
    await refusedWith(
      'start:projections',
      {
        ...(await settings()),
        KAFKA_BROKERS: `127.0.0.1:${await freePort()}`,
        KAFKA_SESSION_TIMEOUT_MS: '500',
      },
      'KAFKA_SESSION_TIMEOUT_MS',
    );
    expect((performance.now() - started) / 1000).toBeLessThan(BROKER_START_WAIT_MS / 1000);
  }, 90_000);

  it('refuses a negative MAX_CONNECTIONS_PER_CLIENT on the edge the same way', async () => {
    const line = await refusedWith(
      'start:edge',
      { MAX_CONNECTIONS_PER_CLIENT: '-1' },
      'MAX_CONNECTIONS_PER_CLIENT',
    );
    expect(line).toMatchObject({ service: 'edge' });
  }, 90_000);

  it('reads LOG_LEVEL on the edge as on the services: an unknown level is refused', async () => {
    const line = await refusedWith('start:edge', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    expect(line).toMatchObject({ service: 'edge' });
  }, 90_000);

  it('refuses to run jobs on a Redis that evicts keys when full, and runs them on one that does not', async () => {
    const redis = await startLocalRedis({ port: await freePort() });
    const admin = new Redis(redis.url);
    try {
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      const line = await refusedWith(
        'start:jobs',
        { ...(await settings()), REDIS_URL: redis.url },
        'REDIS_URL',
      );
      expect(line).toMatchObject({ service: 'jobs', reason: 'maxmemory-policy allkeys-lru' });
      expect(line.msg).toMatch(/Set maxmemory-policy noeviction/);
      expect(JSON.stringify(line)).not.toContain(redis.password);

      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      const run = await runScript(
        'start:jobs',
        { ...(await settings()), REDIS_URL: redis.url },
        (output) => output.includes('ready on'),
      );
      expect(run.code, run.stderr).not.toBe(2);
      expect(run.stdout + run.stderr).toContain('ready on');
    } finally {
      admin.disconnect();
      await redis.stop();
    }
  }, 120_000);
});

describe('a separate service whose start fails for a reason that is no setting of its own', () => {
  /** A database with no schema yet, reached as the application role, which may not create one. */
  const unmigratedDatabase = async () => {
    const url = new URL(testDatabaseUrlAs(await createTestDatabase(), 'superuser'));
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const name = `t_${randomBytes(6).toString('hex')}`;
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${name}`;
    return testDatabaseUrlAs(url.toString(), 'app');
  };

  it('says why in one fatal line naming the service, exit 1, no stack trace', async () => {
    const run = await runScript(
      'start:query-api',
      { ...(await settings()), DATABASE_URL: await unmigratedDatabase() },
      (output) => output.includes('ready on'),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(jsonLines(run.stderr)).toEqual([
      expect.objectContaining({
        level: 60,
        service: 'query-api',
        msg: 'query-api did not start: permission denied for schema public',
      }),
    ]);
    expect(run.stdout).not.toContain('ready on');
  }, 90_000);
});
