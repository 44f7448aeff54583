import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from './http-server.ts';
import { buildEdge } from './services/edge-app.ts';
import {
  ApiClient,
  deposit,
  freePort,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from './testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

describe('/api/health of a process whose projection keeps failing', () => {
  it('names the projection to anyone, and its error only to the ops token', async () => {
    const error = 'relation "rm_secret_table" does not exist (host db-internal-7)';
    const app = await buildHttpServer({
      ctx: bank.ctx,
      redis: undefined,
      isReady: () => true,
      serveFrontend: false,
      failingProjections: () => new Map([['accounts', error]]),
    });
    try {
      const anonymous = await new ApiClient({ app }).get('/api/health');
      expect(anonymous.status).toBe(503);
      expect(anonymous.body.code).toBe('DEGRADED');
      expect(anonymous.body.data.projections.failing).toEqual([{ projection: 'accounts' }]);
      expect(JSON.stringify(anonymous.body)).not.toContain('rm_secret_table');

      const customerLike = new ApiClient({ app });
      customerLike.token = 'not-the-ops-token';
      const guessed = await customerLike.get('/api/health');
      expect(guessed.body.data.projections.failing).toEqual([{ projection: 'accounts' }]);

      const ops = new ApiClient({ app });
      ops.token = bank.opsToken;
      const operator = await ops.get('/api/health');
      expect(operator.status).toBe(503);
      expect(operator.body.data.projections.failing).toEqual([{ projection: 'accounts', error }]);
    } finally {
      await app.close();
    }
  });
});

describe('/api/health of a separate service', () => {
  it('answers for the read side where read models are built or served, for Redis in a jobs process', async () => {
    const customer = await signedUpCustomer(bank);
    const unreachable = new Redis(await freePort(), { lazyConnect: true });
    const apps = await Promise.all(
      [
        { readSide: true }, // query-api, projection worker
        { readSide: false }, // command-api
        { readSide: false, redis: true }, // jobs
      ].map((healthRules) =>
        buildHttpServer({
          ctx: bank.ctx,
          redis: unreachable,
          isReady: () => true,
          serveFrontend: false,
          healthRules,
        }),
      ),
    );
    // A transaction left open holds every later event back from the read models.
    const holder = await bank.pool.connect();
    const previous = process.env.HEALTH_MAX_LAG_MS;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      await deposit(bank, customer.accounts[0]!.account_number, 5, { waitForReadModels: false });
      await new Promise((r) => setTimeout(r, 50));
      process.env.HEALTH_MAX_LAG_MS = '10';
      const [readSide, commands, jobs] = await Promise.all(
        apps.map((app) => new ApiClient({ app }).get('/api/health')),
      );
      expect([readSide!.status, readSide!.body.code]).toEqual([503, 'DEGRADED']);
      expect(commands!.status).toBe(200);
      expect(commands!.body.data.heldBack.events).toBeGreaterThan(0);
      expect([jobs!.status, jobs!.body.code, jobs!.body.data.redis]).toEqual([
        503,
        'DEGRADED',
        'down',
      ]);
    } finally {
      if (previous === undefined) delete process.env.HEALTH_MAX_LAG_MS;
      else process.env.HEALTH_MAX_LAG_MS = previous;
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
      unreachable.disconnect();
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

describe('the edge’s aggregated /api/health over a bank with parked events', () => {
  it('counts the parked events and stays 200, as each instance does', async () => {
    const customer = await signedUpCustomer(bank);
    await deposit(bank, customer.accounts[0]!.account_number, 7);
    const edge = await buildEdge({
      upstreams: { 'command-api': [bank.url], 'query-api': [bank.url] },
      frontendDir: '/nonexistent',
    });
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    try {
      // As a projection parks an event it cannot apply (an operator has still to retry or skip it).
      await bank.ownerPool.query(
        `INSERT INTO parked_events (projection, event_id, transaction_id, global_position,
           stream_id, type, error, attempts)
         SELECT 'accounts', event_id, transaction_id, global_position, stream_id, type,
                'a poison event', 3
           FROM events ORDER BY global_position DESC LIMIT 2`,
      );
      await new Promise((r) => setTimeout(r, 300)); // past the shared reports' age
      const instance = await new ApiClient(bank).get('/api/health');
      expect([instance.status, instance.body.data.parkedEvents]).toEqual([200, 2]);
      const response = await fetch(`${edgeUrl}/api/health`);
      const body = (await response.json()) as { data: { parkedEvents: number; ready: boolean } };
      expect([response.status, body.data.ready, body.data.parkedEvents]).toEqual([200, true, 2]);
    } finally {
      await edge.close();
      await bank.ownerPool.query('DELETE FROM parked_events');
    }
  });
});
