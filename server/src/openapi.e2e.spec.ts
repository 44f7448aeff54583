import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from './http-server.ts';
import { ApiClient, startTestBank, type TestBank } from './testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('the API reference of a service that serves half of the API', () => {
  it('describes all of it, as the one-process bank does, at /api/openapi.json and /api/docs', async () => {
    const operations = (doc: { paths: Record<string, Record<string, unknown>> }) =>
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path}`),
      );
    const whole = (await new ApiClient(bank).get('/api/openapi.json')).body;
    expect(operations(whole).length).toBeGreaterThan(100);
    for (const serve of [
      { commands: false, queries: true },
      { commands: true, queries: false },
    ]) {
      const app = await buildHttpServer({
        ctx: bank.ctx,
        redis: undefined,
        isReady: () => true,
        serveFrontend: false,
        serve,
      });
      try {
        const client = new ApiClient({ app });
        for (const url of ['/api/openapi.json', '/api/docs/json']) {
          const doc = (await client.get(url)).body;
          expect(operations(doc).sort(), `${JSON.stringify(serve)} ${url}`).toEqual(
            operations(whole).sort(),
          );
          expect(Object.keys(doc.components.schemas ?? {}).sort()).toEqual(
            Object.keys(whole.components.schemas ?? {}).sort(),
          );
        }
        const login = (await client.get('/api/openapi.json')).body.paths['/api/login'];
        expect(login).toEqual(whole.paths['/api/login']);
      } finally {
        await app.close();
      }
    }
  });
});

describe('the API reference of a bank whose web app is not built', () => {
  it('leaves out the page that stands in for the web app', async () => {
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'no-web-app-'));
    const app = await buildHttpServer({
      ctx: bank.ctx,
      redis: undefined,
      isReady: () => true,
      frontendDir: emptyDir,
    });
    try {
      const client = new ApiClient({ app });
      const page = await client.get('/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Build the web app with');
      const doc = (await client.get('/api/openapi.json')).body;
      expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
      expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    } finally {
      await app.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
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
      '/api/accounts/business',
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
    const statement = doc.paths['/api/accounts/{accountId}/statements/{month}'].get;
    expect(Object.keys(statement.responses['200'].content).sort()).toEqual([
      'application/json',
      'application/pdf',
      'application/x-ofx',
      'text/csv',
    ]);
    const format = statement.parameters.find((p: { name: string }) => p.name === 'format');
    expect(format.schema.enum).toEqual(['json', 'csv', 'pdf', 'ofx']);
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
      'domestic-wire',
      'international-wire',
    ]);
    expect(item.required).toEqual(expect.arrayContaining(['date', 'description', 'amount']));
  });
});

/** The `data` of a call's declared success answer in the document, or undefined. */
function declaredData(
  doc: { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> },
  path: string,
  method: string,
  status: string,
) {
  const response = doc.paths[path]?.[method]?.responses?.[status] as
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined;
  return response?.content?.['application/json']?.schema?.properties?.data as
    { properties?: Record<string, unknown>; [key: string]: unknown } | undefined;
}

describe('the declared answers of the money and settings calls in the OpenAPI document', () => {
  it('documents each answer with its schema, naming the fields the web app reads', async () => {
    const doc = (await new ApiClient(bank).get('/api/openapi.json')).body;
    const answers: [path: string, method: string, status: string, field: string][] = [
      ['/api/transfers/scheduled', 'get', '200', 'scheduled_transfers'],
      ['/api/transfers/scheduled', 'post', '201', 'scheduled_transfer'],
      ['/api/transfers/scheduled/{id}', 'put', '200', 'scheduled_transfer'],
      ['/api/transfers/recipients', 'get', '200', 'recipients'],
      ['/api/transfers/recipients', 'post', '201', 'recipient'],
      ['/api/transfers/{id}/cancel', 'post', '200', 'cancelled'],
      ['/api/zelle/payments/{id}/cancel', 'post', '200', 'cancelled'],
      ['/api/zelle/requests/{id}/cancel', 'post', '200', 'cancelled'],
      ['/api/insights', 'get', '200', 'cash_flow'],
      ['/api/profile/alerts', 'get', '200', 'alerts'],
      ['/api/profile/alerts', 'put', '200', 'alerts'],
      ['/api/two-factor/recovery-codes', 'post', '200', 'recovery_codes'],
    ];
    for (const [path, method, status, field] of answers) {
      const data = declaredData(doc, path, method, status);
      expect(data?.properties, `${method.toUpperCase()} ${path}`).toHaveProperty(field);
    }

    const recipient = declaredData(doc, '/api/transfers/recipients', 'get', '200')!.properties!
      .recipients as { items: { required: string[] } };
    expect(recipient.items.required).toEqual(
      expect.arrayContaining([
        'id',
        'type',
        'nickname',
        'account',
        'routing_number',
        'country',
        'new_account_limit',
      ]),
    );
    // The new-destination limit is stated where it applies.
    for (const path of [
      '/api/transfers/external-bank',
      '/api/wire-transfers/sepa',
      '/api/wire-transfers/domestic',
      '/api/wire-transfers/international',
    ]) {
      expect(doc.paths[path].post.description).toContain(
        'each transfer to it is limited to $1,000.00',
      );
    }
    const schedule = declaredData(doc, '/api/transfers/scheduled/{id}', 'put', '200')!.properties!
      .scheduled_transfer as { required: string[] };
    expect(schedule.required).toEqual(
      expect.arrayContaining(['id', 'status', 'amount', 'next_date', 'frequency_label']),
    );
    const cancelled = declaredData(doc, '/api/transfers/{id}/cancel', 'post', '200')!.properties!
      .cancelled as { required: string[] };
    expect(cancelled.required).toEqual(
      expect.arrayContaining(['kind', 'id', 'status', 'reference_number', 'returned']),
    );

    // Calls that answer only their message still declare it (their data is null).
    for (const [path, method] of [
      ['/api/transfers/scheduled/{id}', 'delete'],
      ['/api/transfers/recipients/{id}', 'put'],
      ['/api/transfers/recipients/{id}', 'delete'],
    ] as const) {
      expect(
        declaredData(doc, path, method, '200'),
        `${method.toUpperCase()} ${path}`,
      ).toBeDefined();
    }
  });
});

describe('the declared answers of sign-in, the customer, the dashboard, notifications and contact', () => {
  it('documents each answer with the fields the web app reads', async () => {
    const doc = (await new ApiClient(bank).get('/api/openapi.json')).body;
    const answers: [path: string, method: string, status: string, field: string][] = [
      ['/api/login/two-factor', 'post', '200', 'token'],
      ['/api/register', 'post', '201', 'token'],
      ['/api/register', 'post', '200', 'next_steps'],
      ['/api/session/refresh', 'post', '200', 'expires_at'],
      ['/api/step-up', 'post', '200', 'stepped_up_at'],
      ['/api/sessions', 'get', '200', 'sessions'],
      ['/api/sessions/sign-out-others', 'post', '200', 'signed_out'],
      ['/api/two-factor', 'get', '200', 'recovery_codes_left'],
      ['/api/two-factor/setup', 'post', '200', 'otpauth_url'],
      ['/api/two-factor/confirm', 'post', '200', 'recovery_codes'],
      ['/api/two-factor/disable', 'post', '200', 'enabled'],
      ['/api/user', 'get', '200', 'user'],
      ['/api/profile', 'put', '200', 'user'],
      ['/api/profile/photo', 'put', '200', 'user'],
      ['/api/profile/photo', 'delete', '200', 'user'],
      ['/api/profile/notification-preferences', 'put', '200', 'user'],
      ['/api/notifications', 'get', '200', 'notifications'],
      ['/api/notifications/summary', 'get', '200', 'unread_count'],
      ['/api/contact/appointments', 'post', '201', 'request_id'],
      ['/api/contact/messages', 'post', '201', 'request_id'],
      ['/api/dashboard', 'get', '200', 'recent_transactions'],
      ['/api/dashboard/comprehensive-history', 'get', '200', 'next_cursor'],
      ['/api/search', 'get', '200', 'contacts'],
    ];
    for (const [path, method, status, field] of answers) {
      const data = declaredData(doc, path, method, status);
      expect(data?.properties, `${method.toUpperCase()} ${path}`).toHaveProperty(field);
    }

    // Sign-in answers a session or, with two-factor on, the challenge for the code.
    const signIn = declaredData(doc, '/api/login', 'post', '200') as { anyOf?: unknown[] };
    expect(signIn.anyOf).toHaveLength(2);
    const user = declaredData(doc, '/api/user', 'get', '200')!.properties!.user as {
      required: string[];
    };
    expect(user.required).toEqual(
      expect.arrayContaining(['name', 'email', 'profileImage', 'account_number', 'zipCode']),
    );
    const dashboard = declaredData(doc, '/api/dashboard', 'get', '200')!.properties!;
    expect(Object.keys(dashboard)).toEqual(
      expect.arrayContaining(['accounts', 'total_balance', 'cashback', 'savings_goal']),
    );
    const notification = declaredData(doc, '/api/notifications', 'get', '200')!.properties!
      .notifications as { items: { required: string[] } };
    expect(notification.items.required).toEqual(
      expect.arrayContaining(['id', 'type', 'title', 'message', 'time_ago', 'is_read', 'priority']),
    );

    for (const [path, method] of [
      ['/api/forgot-password', 'post'],
      ['/api/reset-password', 'post'],
      ['/api/reset-password/check', 'post'],
      ['/api/logout', 'post'],
      ['/api/change-password', 'post'],
      ['/api/notifications/{id}/read', 'post'],
      ['/api/notifications/read-all', 'post'],
      ['/api/notifications/{id}', 'delete'],
    ] as const) {
      expect(
        declaredData(doc, path, method, '200'),
        `${method.toUpperCase()} ${path}`,
      ).toBeDefined();
    }
  });
});

describe('the declared answers of the ops and audit calls', () => {
  it('documents what the ops CLI and auditors read, and the statement in its three formats', async () => {
    const doc = (await new ApiClient(bank).get('/api/openapi.json')).body;
    const answers: [path: string, method: string, status: string, field: string][] = [
      ['/api/ops/customers/erase', 'post', '200', 'customer_id'],
      ['/api/ops/contact-requests/erase', 'post', '200', 'request_ids'],
      ['/api/ops/deposits', 'post', '201', 'reference_number'],
      ['/api/ops/auditors', 'post', '201', 'token'],
      ['/api/ops/auditors/{auditorId}', 'delete', '200', 'auditor_id'],
      ['/api/ops/parked-events', 'get', '200', 'parked_events'],
      ['/api/ops/parked-events/retry', 'post', '200', 'status'],
      ['/api/ops/parked-events/skip', 'post', '200', 'status'],
      ['/api/ops/failed-jobs', 'get', '200', 'failed_jobs'],
      ['/api/ops/failed-jobs/retry', 'post', '200', 'status'],
      ['/api/ops/password-resets', 'get', '200', 'password_resets'],
      ['/api/ops/zelle-claim-codes', 'get', '200', 'zelle_claim_codes'],
      ['/api/ops/contact-requests', 'get', '200', 'contact_requests'],
      ['/api/ops/ledger', 'get', '200', 'balanced'],
      ['/api/ops/crypto-deposits', 'get', '200', 'crypto_deposits'],
      ['/api/ops/crypto-deposits/{id}/approve', 'post', '200', 'status'],
      ['/api/ops/crypto-deposits/{id}/reject', 'post', '200', 'status'],
      ['/api/audit/accounts/{accountId}/events', 'get', '200', 'next_after_version'],
      ['/api/audit/accounts/{accountId}/balance', 'get', '200', 'available_balance'],
      ['/api/audit/customers/{customerId}/replay', 'get', '200', 'steps'],
    ];
    for (const [path, method, status, field] of answers) {
      const data = declaredData(doc, path, method, status);
      expect(data?.properties, `${method.toUpperCase()} ${path}`).toHaveProperty(field);
    }

    const statement = doc.paths['/api/audit/accounts/{accountId}/statement'].get.responses['200']
      .content as Record<string, { schema: { properties?: { data?: { properties?: object } } } }>;
    expect(Object.keys(statement).sort()).toEqual([
      'application/json',
      'application/pdf',
      'text/csv',
    ]);
    expect(statement['application/json']!.schema.properties?.data?.properties).toHaveProperty(
      'closing_balance',
    );
  });
});

describe('the declared answers of the banking features in the OpenAPI document', () => {
  it('documents bill pay, crypto, cards, support, Zelle, the lookup, goals and categories', async () => {
    const doc = (await new ApiClient(bank).get('/api/openapi.json')).body;
    const answers: [path: string, method: string, status: string, field: string][] = [
      ['/api/bill-payments/payees', 'get', '200', 'payees'],
      ['/api/bill-payments/payees', 'post', '201', 'payee'],
      ['/api/bill-payments/payees/{id}/autopay', 'put', '200', 'autopay'],
      ['/api/bill-payments/schedule', 'post', '201', 'payment'],
      ['/api/bill-payments/scheduled', 'get', '200', 'payments'],
      ['/api/bill-payments/history', 'get', '200', 'transactions'],
      ['/api/bill-payments/categories', 'get', '200', 'categories'],
      ['/api/crypto/portfolio', 'get', '200', 'total_value'],
      ['/api/crypto/market-data', 'get', '200', 'market_data'],
      ['/api/crypto/transactions', 'get', '200', 'transactions'],
      ['/api/crypto/deposit-methods', 'get', '200', 'deposit_methods'],
      ['/api/crypto/buy', 'post', '201', 'transaction'],
      ['/api/crypto/withdraw', 'post', '201', 'transaction'],
      ['/api/cards', 'get', '200', 'cards'],
      ['/api/cards/{id}', 'get', '200', 'card'],
      ['/api/cards/{id}/toggle-lock', 'post', '200', 'card'],
      ['/api/support/categories', 'get', '200', 'categories'],
      ['/api/support/tickets', 'get', '200', 'tickets'],
      ['/api/support/tickets', 'post', '201', 'ticket'],
      ['/api/support/tickets/{id}/status', 'put', '200', 'ticket'],
      ['/api/ops/tickets', 'get', '200', 'tickets'],
      ['/api/ops/tickets/{id}', 'get', '200', 'ticket'],
      ['/api/ops/tickets/{id}/reply', 'post', '201', 'ticket'],
      ['/api/ops/tickets/{id}/status', 'put', '200', 'ticket'],
      ['/api/zelle/send', 'post', '201', 'transaction'],
      ['/api/zelle/split', 'post', '201', 'requests'],
      ['/api/zelle/transactions', 'get', '200', 'transactions'],
      ['/api/zelle/limits', 'get', '200', 'limits'],
      ['/api/zelle/claims', 'post', '200', 'claimed'],
      ['/api/transfers/validate-recipient', 'post', '200', 'recipientId'],
      ['/api/accounts/{id}/savings-goal', 'put', '200', 'savings_goal'],
      ['/api/accounts/business', 'post', '201', 'account'],
      ['/api/transactions/{id}/category', 'put', '200', 'category_label'],
    ];
    for (const [path, method, status, field] of answers) {
      const data = declaredData(doc, path, method, status);
      expect(data?.properties, `${method.toUpperCase()} ${path}`).toHaveProperty(field);
    }

    // The fields the spec names for a card, a ticket and a crypto transaction are required.
    const card = declaredData(doc, '/api/cards', 'get', '200')!.properties!.cards as {
      items: { required: string[] };
    };
    expect(card.items.required).toEqual(
      expect.arrayContaining(['card_name', 'masked_number', 'application', 'settings', 'limits']),
    );
    const ticket = declaredData(doc, '/api/support/tickets/{id}', 'get', '200')!.properties!
      .ticket as { required: string[]; properties: { priority: { enum: string[] } } };
    expect(ticket.required).toEqual(
      expect.arrayContaining(['ticket_number', 'priority_display', 'status_display', 'replies']),
    );
    expect(ticket.properties.priority.enum).toEqual(['low', 'medium', 'high', 'urgent']);
    const trade = declaredData(doc, '/api/crypto/transactions', 'get', '200')!.properties!
      .transactions as { items: { required: string[] } };
    expect(trade.items.required).toEqual(
      expect.arrayContaining(['symbol', 'currency_code', 'crypto_amount', 'amount', 'status']),
    );

    // Calls that answer only their message still declare it (their data is null).
    for (const [path, method] of [
      ['/api/bill-payments/payees/{id}', 'delete'],
      ['/api/cards/{id}/pin', 'put'],
      ['/api/accounts/{id}/savings-goal', 'delete'],
    ] as const) {
      expect(
        declaredData(doc, path, method, '200'),
        `${method.toUpperCase()} ${path}`,
      ).toBeDefined();
    }
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
