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
      '/api/transactions/{transactionId}',
      '/api/transactions/{transactionId}/receipt',
      '/api/accounts/{accountId}/statements',
      '/api/accounts/{accountId}/statements/{month}',
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

describe('the transfer calls in the OpenAPI document', () => {
  it('declares the answer of a submitted transfer and of the recent list', async () => {
    const doc = (await new ApiClient(bank).get('/api/openapi.json')).body;
    const submitted =
      doc.paths['/api/transfers/between-accounts'].post.responses['201'].content['application/json']
        .schema;
    const transfer = submitted.properties.data.properties.transfer;
    expect(transfer.required).toEqual(
      expect.arrayContaining(['id', 'type', 'status', 'amount', 'fee', 'reference_number']),
    );
    const recent =
      doc.paths['/api/transfers/recent'].get.responses['200'].content['application/json'].schema;
    const item = recent.properties.data.properties.transfers.items;
    expect(item.properties.type.enum).toEqual([
      'between-accounts',
      'same-bank',
      'external-bank',
      'sepa',
    ]);
    expect(item.required).toEqual(expect.arrayContaining(['date', 'description', 'amount']));
  });
});

describe('GET /api/docs', () => {
  it('serves a readable reference of the document, under the same Content-Security-Policy', async () => {
    const page = await fetch(`${bank.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    // Every script is a file of this server: the policy forbids inline and foreign scripts.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\.?\/?[^":]+"/);
    for (const [, src] of html.matchAll(/<script[^>]*src="([^"]+)"/g)) {
      const script = await fetch(new URL(src!, `${bank.baseUrl}/api/docs/`));
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(0);
    }
    const json = await fetch(`${bank.baseUrl}/api/docs/json`);
    expect(json.status).toBe(200);
    const served = (await json.json()) as { paths: Record<string, unknown> };
    expect(served.paths['/api/transfers/recent']).toBeDefined();
  });
});
