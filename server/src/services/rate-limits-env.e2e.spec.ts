import { randomBytes } from 'node:crypto';
import { createTestDatabase, testRedisUrl } from '@bank/infra/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../testing/service-process.ts';

const wrongLogin = { account_number: '123456789012', password: 'Wrong-Password-1' };
const running: ServiceProcess[] = [];
afterAll(() => Promise.all(running.map((s) => s.stop())));

async function commandApi(rateLimits: string) {
  const service = await startService(
    'start:command-api',
    {
      DATABASE_URL: await createTestDatabase(),
      REDIS_URL: testRedisUrl(),
      OPS_TOKEN: `ops-${randomBytes(8).toString('hex')}`,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      RATE_LIMITS: rateLimits,
    },
    90_000,
  );
  running.push(service);
  return service;
}

/** Failed sign-ins from one address, as k6 behind the edge sends them. */
async function signInStatuses(url: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wrongLogin),
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('RATE_LIMITS on a service', () => {
  it('load lifts the per-address sign-in limit and says so when the service starts', async () => {
    const service = await commandApi('load');
    const statuses = await signInStatuses(service.url, 40);
    expect(statuses).not.toContain(429);
    const warning = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; rate_limits?: string })
      .find((line) => line.rate_limits === 'load');
    expect(warning).toMatchObject({ level: 40 });
    expect(warning!.msg).toMatch(/load tests only/);
  }, 180_000);

  it('an unknown value refuses to start', async () => {
    await expect(commandApi('unlimited')).rejects.toThrow(
      /exited with 2[\s\S]*RATE_LIMITS must be one of default, load/,
    );
  }, 120_000);
});
