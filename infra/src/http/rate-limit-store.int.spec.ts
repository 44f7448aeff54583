import { randomBytes } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freezableHop, testRedisUrl, type TcpHop } from '../testing/index.ts';
import { countedInProcess, redisWithLocalFallback } from './rate-limit-store.ts';

/** A rate limit of 3 a minute counted in Redis, reached through a hop that can hang. */
let hop: TcpHop;
let redis: Redis;
let app: FastifyInstance;

beforeAll(async () => {
  const target = new URL(testRedisUrl());
  hop = await freezableHop(Number(target.port));
  redis = new Redis({
    host: '127.0.0.1',
    port: hop.port,
    password: decodeURIComponent(target.password),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  await redis.connect();
  app = Fastify();
  await app.register(fastifyRateLimit, {
    global: false,
    store: redisWithLocalFallback(
      redis,
      `test-${randomBytes(6).toString('hex')}-`,
      () => true,
      200,
    ),
  });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  await hop?.close();
});

/** The statuses of `n` requests, failing the test (instead of waiting) if one is held. */
async function statuses(n: number): Promise<number[]> {
  const answered: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const answer = await Promise.race([
      app.inject('/limited'),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the request was held')), 3000),
      ),
    ]);
    answered.push(answer.statusCode);
  }
  return answered;
}

describe('rate limits counted in Redis', () => {
  it('count in Redis while it answers, and in this process, without holding a request, while it hangs', async () => {
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    hop.freeze();
    try {
      // Still limited, now per process: the fourth request of the minute is refused.
      expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    } finally {
      hop.thaw();
    }
    // Redis answers again: its count (and the late answers it held) carry on.
    expect(await statuses(1)).toEqual([429]);
  });
});

describe('rate limits counted in this process', () => {
  it('let the first of many requests that arrive at once through, and refuse the rest', async () => {
    const here = Fastify();
    await here.register(fastifyRateLimit, { global: false, store: countedInProcess() });
    here.get('/limited', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    try {
      // Counted in the same turn of the event loop: each must still read its own count.
      const answers = await Promise.all(Array.from({ length: 50 }, () => here.inject('/limited')));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
      expect(answers.map((answer) => answer.headers['x-ratelimit-remaining']).slice(0, 10)).toEqual(
        ['9', '8', '7', '6', '5', '4', '3', '2', '1', '0'],
      );
    } finally {
      await here.close();
    }
  });
});
