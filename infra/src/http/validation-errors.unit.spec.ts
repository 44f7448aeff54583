import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, type BankApp } from './app.ts';

let app: BankApp;
beforeAll(async () => {
  app = createHttpApp({});
  app.get(
    '/items',
    { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(500) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('a number past what the field allows', () => {
  it("is told the field's own bound, not zod's largest safe integer", async () => {
    for (const limit of ['99999999999999999999', '9007199254740993', '501']) {
      const answer = await app.inject({ method: 'GET', url: `/items?limit=${limit}` });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        status: 'error',
        message: 'The limit field must not be greater than 500.',
        errors: { limit: ['The limit field must not be greater than 500.'] },
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('without a bound of its own, is called too large', async () => {
    const bare = createHttpApp({});
    bare.get(
      '/pages',
      { schema: { querystring: z.object({ page: z.coerce.number().int() }) } },
      async () => ({ ok: true }),
    );
    try {
      const answer = await bare.inject({ method: 'GET', url: '/pages?page=99999999999999999999' });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({ page: ['The page field is too large.'] });
    } finally {
      await bare.close();
    }
  });
});
