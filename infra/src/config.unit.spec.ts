import { describe, expect, it } from 'vitest';
import { integerSetting, InvalidSetting, loadConfig, parsePort } from './config.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof InvalidSetting) return { setting: error.setting, reason: error.reason };
    throw error;
  }
  return undefined;
};

describe('integer settings', () => {
  it('take the default when unset or empty, and a plain whole number as it is', () => {
    expect(loadConfig({}).sessionTtlMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ SESSION_TTL_MS: '' }).sessionTtlMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ SESSION_TTL_MS: ' 600000 ' }).sessionTtlMs).toBe(600_000);
    expect(integerSetting('HEALTH_MAX_LAG_MS', {})).toBe(60_000);
    expect(integerSetting('HEALTH_MAX_LAG_MS', { HEALTH_MAX_LAG_MS: '5000' })).toBe(5000);
    expect(integerSetting('PG_POOL_SIZE', { PG_POOL_SIZE: '15' })).toBe(15);
    expect(integerSetting('PROJECTION_LOCK_WAIT_MS', {})).toBe(1000);
    expect(integerSetting('PROJECTION_LOCK_WAIT_MS', { PROJECTION_LOCK_WAIT_MS: '250' })).toBe(250);
    expect(integerSetting('PG_QUERY_TIMEOUT_MS', {})).toBe(15_000);
    expect(integerSetting('PG_QUERY_TIMEOUT_MS', { PG_QUERY_TIMEOUT_MS: '0' })).toBe(0);
  });

  it('refuse a value with a unit or a fraction instead of reading its leading digits', () => {
    // parseInt read "30m" as 30 ms: every session ended before its first request.
    expect(refusal(() => loadConfig({ SESSION_TTL_MS: '30m' }))).toEqual({
      setting: 'SESSION_TTL_MS',
      reason: 'expected a whole number, got "30m"',
    });
    expect(refusal(() => loadConfig({ DIGEST_INTERVAL_MS: '1e3' }))?.setting).toBe(
      'DIGEST_INTERVAL_MS',
    );
    expect(refusal(() => loadConfig({ PORT: '3000.5' }))?.setting).toBe('PORT');
  });

  it('refuse at start the settings read elsewhere, which ran on NaN before', () => {
    // HEALTH_MAX_LAG_MS=1m made /api/health DEGRADED for ever, with no lag to show for it;
    // PG_STATEMENT_TIMEOUT_MS=60s ran every statement with no timeout at all.
    for (const [setting, value] of [
      ['HEALTH_MAX_LAG_MS', '1m'],
      ['CONSISTENCY_WAIT_MS', 'five'],
      ['PG_POOL_SIZE', 'forty'],
      ['PG_STATEMENT_TIMEOUT_MS', '60s'],
      ['PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', '10 s'],
      ['PG_QUERY_TIMEOUT_MS', '15s'],
      ['EMBEDDED_PG_PORT', 'x54329'],
      ['EMBEDDED_REDIS_PORT', '63790/tcp'],
    ] as const) {
      expect(
        refusal(() => loadConfig({ [setting]: value })),
        setting,
      ).toEqual({
        setting,
        reason: `expected a whole number, got "${value}"`,
      });
    }
  });

  it('refuse numbers outside what the setting can mean', () => {
    expect(refusal(() => loadConfig({ PG_POOL_SIZE: '0' }))).toEqual({
      setting: 'PG_POOL_SIZE',
      reason: 'must be 1 or more; got "0"',
    });
    expect(refusal(() => loadConfig({ SESSION_TTL_MS: '-1' }))?.setting).toBe('SESSION_TTL_MS');
    // PostgreSQL reads a lock_timeout of 0 as no limit at all: the opposite of what was asked.
    expect(refusal(() => loadConfig({ PROJECTION_LOCK_WAIT_MS: '0' }))?.setting).toBe(
      'PROJECTION_LOCK_WAIT_MS',
    );
    expect(refusal(() => loadConfig({ EMBEDDED_PG_PORT: '70000' }))).toEqual({
      setting: 'EMBEDDED_PG_PORT',
      reason: 'must be from 1 to 65535; got "70000"',
    });
    expect(refusal(() => loadConfig({ PORT: '65536' }))?.setting).toBe('PORT');
    expect(refusal(() => parsePort('3000/tcp'))?.setting).toBe('PORT');
    expect(parsePort(undefined)).toBe(3000);
    expect(refusal(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '-1' }))).toEqual({
      setting: 'MAX_CONNECTIONS_PER_CLIENT',
      reason: 'must be 0 or more; got "-1"',
    });
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' }).maxConnectionsPerClient).toBe(0);
  });
});

describe('server settings', () => {
  it('take a URL of the right kind and brokers as host:port', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://bank_app:secret@db.internal:5432/bank',
      MIGRATION_DATABASE_URL: 'postgresql://owner@/bank?host=/var/run/postgresql',
      REDIS_URL: 'rediss://:secret@cache.internal:6380/0',
      KAFKA_BROKERS: 'kafka-1:9092, 10.0.0.7:9092,[::1]:9093',
    });
    expect(config.databaseUrl).toBe('postgres://bank_app:secret@db.internal:5432/bank');
    expect(config.redisUrl).toBe('rediss://:secret@cache.internal:6380/0');
    expect(config.kafkaBrokers).toEqual(['kafka-1:9092', '10.0.0.7:9092', '[::1]:9093']);
  });

  it('refuse at start a URL that does not parse or names another server, without quoting it', () => {
    // A REDIS_URL with a port past 65535 stopped the jobs service with "Invalid URL" and a stack.
    const redis = refusal(() => loadConfig({ REDIS_URL: 'redis://:hunter2@127.0.0.1:99999' }));
    expect(redis).toEqual({
      setting: 'REDIS_URL',
      reason: 'must be a redis:// or rediss:// URL; it does not parse',
    });
    expect(refusal(() => loadConfig({ DATABASE_URL: 'redis://127.0.0.1:6379' }))).toEqual({
      setting: 'DATABASE_URL',
      reason: 'must be a postgres:// or postgresql:// URL; it starts with redis://',
    });
    expect(refusal(() => loadConfig({ MIGRATION_DATABASE_URL: 'bank' }))?.setting).toBe(
      'MIGRATION_DATABASE_URL',
    );
  });

  it('refuse a broker list with an empty or portless entry at once', () => {
    // "," waited 15 s for a broker "at index 0" before it was refused.
    for (const value of [',', 'kafka-1:9092,', 'kafka-1', 'kafka-1:port']) {
      expect(refusal(() => loadConfig({ KAFKA_BROKERS: value }))?.setting, value).toBe(
        'KAFKA_BROKERS',
      );
    }
  });
});
