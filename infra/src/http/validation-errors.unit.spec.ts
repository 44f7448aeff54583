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

describe('a value of the wrong kind', () => {
  it('is told what kind the field takes, in words', async () => {
    const kinds = createHttpApp({});
    kinds.post(
      '/kinds',
      {
        schema: {
          body: z.object({
            limit: z.number().int(),
            amount: z.number(),
            name: z.string(),
            agreed: z.boolean(),
            tags: z.array(z.string()),
            address: z.object({ city: z.string() }),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    try {
      const answer = await kinds.inject({
        method: 'POST',
        url: '/kinds',
        payload: { limit: 1.5, amount: 'ten', name: 5, agreed: 'yes', tags: 'a', address: 'x' },
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({
        limit: ['The limit field must be a whole number.'],
        amount: ['The amount field must be a number.'],
        name: ['The name field must be text.'],
        agreed: ['The agreed field must be true or false.'],
        tags: ['The tags field must be a list.'],
        address: ['The address field must be an object.'],
      });
    } finally {
      await kinds.close();
    }
  });
});

describe('an entry of a list, or the body itself', () => {
  it('is named by its list, and the body as the body', async () => {
    const lists = createHttpApp({});
    lists.post(
      '/lists',
      { schema: { body: z.object({ tags: z.array(z.string().max(5)) }) } },
      async () => ({ ok: true }),
    );
    try {
      const entry = await lists.inject({
        method: 'POST',
        url: '/lists',
        payload: { tags: ['ok', 'far too long', 7, 'a\u0000'] },
      });
      expect(entry.statusCode).toBe(422);
      expect(entry.json().errors).toEqual({
        'tags.3': ['The tags field must not contain control characters.'],
      });
      const kinds = await lists.inject({
        method: 'POST',
        url: '/lists',
        payload: { tags: ['ok', 'far too long', 7] },
      });
      expect(kinds.json().errors).toEqual({
        'tags.1': ['The tags field must not be greater than 5 characters.'],
        'tags.2': ['The tags field must be text.'],
      });
      const body = await lists.inject({ method: 'POST', url: '/lists', payload: ['ok'] });
      expect(body.statusCode).toBe(422);
      expect(body.json().message).toBe('The body field must be an object.');
    } finally {
      await lists.close();
    }
  });
});
