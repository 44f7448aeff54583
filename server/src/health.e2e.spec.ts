import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from './http-server.ts';
import { ApiClient, startTestBank, type TestBank } from './testing/index.ts';

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
