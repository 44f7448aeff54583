import { randomBytes } from 'node:crypto';
import { createHttpApp } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  rawRequest,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

const stackTrace = /\bat .+:\d+:\d+|node_modules|"stack"|\.ts:\d+/;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

describe('security headers', () => {
  it('sends helmet’s headers on answers and on errors, and no X-Powered-By', async () => {
    const client = new ApiClient(bank);
    for (const response of [
      await client.get('/api/health'),
      await client.get('/api/accounts'),
      await client.post('/api/login', '{not json'),
    ]) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringContaining('max-age='),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  const preflight = (target: TestBank, origin: string) =>
    new ApiClient(target).request('GET', '/api/health', undefined, { origin });

  it('answers no other origin by default (same-origin only)', async () => {
    const response = await preflight(bank, 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins listed in CORS_ORIGINS', async () => {
    const saved = process.env.CORS_ORIGINS;
    process.env.CORS_ORIGINS = 'https://app.harborview.example, https://admin.harborview.example';
    const listed = await startTestBank({ serveFrontend: false });
    if (saved === undefined) delete process.env.CORS_ORIGINS;
    else process.env.CORS_ORIGINS = saved;
    try {
      const allowed = await preflight(listed, 'https://app.harborview.example');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.harborview.example');
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      // The web app on another origin reads the server's clock from Date.
      expect(String(allowed.headers['access-control-expose-headers'])).toMatch(/\bdate\b/i);
      const options = await listed.app.inject({
        method: 'OPTIONS',
        url: '/api/transfers/between-accounts',
        headers: {
          origin: 'https://admin.harborview.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(options.statusCode).toBe(204);
      expect(options.headers['access-control-allow-origin']).toBe(
        'https://admin.harborview.example',
      );
      expect(String(options.headers['access-control-allow-headers'])).toContain('idempotency-key');
      for (const origin of [
        'https://evil.example',
        'https://app.harborview.example.evil.example',
      ]) {
        expect((await preflight(listed, origin)).headers['access-control-allow-origin']).toBe(
          undefined,
        );
      }
    } finally {
      await listed.stop();
    }
  });
});

describe('body size limits', () => {
  it('refuses a body over 256 KiB with 413 and a uniform error body', async () => {
    const huge = JSON.stringify({ account_number: '1'.repeat(300 * 1024), password: 'x' });
    const response = await new ApiClient(bank).post('/api/login', huge);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ status: 'error', message: 'The request body is too large.' });
    const { client } = await signedUpCustomer(bank);
    const transfer = await client.post(
      '/api/transfers/between-accounts',
      JSON.stringify({ memo: 'm'.repeat(300 * 1024) }),
    );
    expect(transfer.status).toBe(413);
  });
});

describe('uniform error bodies', () => {
  it('turns an unexpected failure into a 500 that says nothing about the internals', async () => {
    const app = createHttpApp();
    app.get('/boom', async () => {
      const error = new Error('relation "secret_table" does not exist at /srv/bank/db.ts:12:3');
      throw error;
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expect(JSON.parse(response.body)).toEqual({ status: 'error', message: expect.any(String) });
      expect(response.body).not.toMatch(stackTrace);
      expect(response.body).not.toContain('secret_table');
    } finally {
      console.error = original;
      await app.close();
    }
  });

  it('answers malformed input with the same envelope and no stack trace', async () => {
    const client = new ApiClient(bank);
    const cases = [
      await client.post('/api/login', '{"account_number":'),
      await client.request('POST', '/api/register', '<xml/>', {
        'content-type': 'application/xml',
      }),
      await client.get('/api/no-such-route'),
      await client.get('/api/support/tickets/not-a-uuid'),
      await client.post('/api/login', { account_number: ['x'], password: { $ne: null } }),
    ];
    for (const response of cases) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.status).toBe('error');
      expect(response.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(response.body)).not.toMatch(stackTrace);
    }
  });
});

describe('paths the router refuses', () => {
  it.each([
    [
      'a path parameter over 2,048 characters',
      `/api/transactions/${'a'.repeat(2049)}`,
      414,
      'URI_TOO_LONG',
    ],
    ['a broken percent-encoding', '/api/support/tickets/%zz', 400, 'MALFORMED_REQUEST'],
    ['an undecodable byte', '/api/support/tickets/%ff', 400, 'MALFORMED_REQUEST'],
  ])(
    'answer %s in the bank’s envelope, without echoing the path',
    async (_, path, status, code) => {
      const response = await new ApiClient(bank).get(path);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ status: 'error', message: expect.any(String), code });
      expect(JSON.stringify(response.body)).not.toContain('aaaa');
    },
  );
});

describe('requests the HTTP parser refuses', () => {
  it.each([
    [
      'a control character in a header',
      'X-Note: a\u0001b\r\n',
      400,
      'The request is malformed.',
      'MALFORMED_REQUEST',
    ],
    [
      'headers over the limit',
      `X-Big: ${'a'.repeat(20_000)}\r\n`,
      431,
      'The request headers are too large.',
      'HEADERS_TOO_LARGE',
    ],
  ])('answer %s in the bank’s envelope', async (_, header, status, message, code) => {
    const answer = await rawRequest(
      bank.baseUrl,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\n${header}\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(body!)).toEqual({ status: 'error', message, code });
  });

  it('answers an address over the limit as too long an address, not as too large headers', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await rawRequest(
        bank.baseUrl,
        `${method} /api/support/tickets/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      );
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 414 /);
      expect(JSON.parse(body!)).toEqual({
        status: 'error',
        message: 'The address is too long.',
        code: 'URI_TOO_LONG',
      });
    }
  });
});

describe('rate limits held in Redis across instances', () => {
  let first: TestBank;
  let second: TestBank;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    // Two instances of one bank: the same database, keys and Redis namespace.
    const shared = {
      queuePrefix: `rl-${randomBytes(6).toString('hex')}`,
      rateLimits: { auth: { max: 4, timeWindow: 60_000 }, money: { max: 4, timeWindow: 60_000 } },
      serveFrontend: false,
      // Without the jobs each is one of several writers: two whole banks on one database would
      // both need to be its only writer, and the second would not start.
      roles: { jobs: false },
    };
    first = await startTestBank(shared);
    second = await startTestBank({
      ...shared,
      config: {
        databaseUrl: first.config.databaseUrl,
        secretsKey: first.config.secretsKey,
        opsToken: first.opsToken,
      },
    });
    // Registration no. 1 of the 4 the limit allows. Its contacts are not proved: proving them
    // claims through the money pipeline, which counts against the customer's money limit too.
    customer = await signedUpCustomer(first, {}, { proveContacts: false });
    const checking = customer.accounts.find((a) => a.name === 'Premium Checking')!;
    await deposit(first, checking.account_number, 100);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const statusesAcross = async (send: (target: TestBank) => Promise<number>, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push(await send(i % 2 === 0 ? first : second));
    return statuses;
  };

  it('counts sign-in attempts on both instances together', async () => {
    const statuses = await statusesAcross(
      async (target) =>
        (
          await new ApiClient(target).post('/api/login', {
            account_number: '123456789012',
            password: 'Wrong-Password-1',
          })
        ).status,
      6,
    );
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await new ApiClient(second).post('/api/login', {
      account_number: '123456789012',
      password: 'Wrong-Password-1',
    });
    expect(refused.body).toEqual({
      status: 'error',
      message: expect.any(String),
      code: 'RATE_LIMITED',
    });
  });

  it('counts registrations on both instances together', async () => {
    const statuses = await statusesAcross(
      async (target) => (await new ApiClient(target).post('/api/register', {})).status,
      6,
    );
    // One registration was used by the customer above: three more, on either instance.
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429]);
  });

  it('counts money movements on both instances together', async () => {
    const { client, accounts } = customer;
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
    const onSecond = new ApiClient(second);
    onSecond.token = client.token;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const sender = i % 2 === 0 ? client : onSecond;
      const response = await sender.post('/api/transfers/between-accounts', {
        fromAccount: checking.id,
        toAccount: savings.id,
        amount: 5 + i,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});
