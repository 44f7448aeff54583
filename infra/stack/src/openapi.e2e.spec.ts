import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBank, type TestBank } from './testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('GET /api/openapi.json', () => {
  it('describes the /api surface from the same zod schemas that validate requests', async () => {
    const response = await new ApiClient(bank).get('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = response.body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/accounts',
      '/api/dashboard',
      '/api/notifications/{id}/read',
      '/api/accounts/{id}/savings-goal',
      '/api/savings-goals',
      '/api/transactions/{id}/category',
      '/api/transactions/categories',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const login = doc.paths['/api/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['account_number', 'password']));
    expect(body.properties.account_number.pattern).toBe('^\\d{12}$');
    expect(Object.keys(login.responses)).toEqual(
      expect.arrayContaining(['200', '401', '422', '429']),
    );
    const goal = doc.paths['/api/accounts/{id}/savings-goal'];
    expect(Object.keys(goal)).toEqual(expect.arrayContaining(['put', 'delete']));
    expect(goal.put.requestBody.content['application/json'].schema.required).toEqual([
      'target_amount',
    ]);
    const category = doc.paths['/api/transactions/{id}/category'].put;
    const categoryBody = category.requestBody.content['application/json'].schema;
    expect(categoryBody.properties.category.enum).toEqual(
      expect.arrayContaining(['groceries', 'fuel', 'subscriptions', 'income', 'transfers']),
    );
  });
});
