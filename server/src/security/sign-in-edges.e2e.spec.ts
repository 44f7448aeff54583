import { randomBytes } from 'node:crypto';
import { hashToken } from '@bank/infra';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from '../cli/ops-cli.ts';
import { buildHttpServer } from '../http-server.ts';
import { buildEdge } from '../services/edge-app.ts';
import {
  ApiClient,
  dataUrl,
  freePort,
  registrationPayload,
  signedUpCustomer,
  startTestBank,
  testPng,
  type TestBank,
} from '../testing/index.ts';

const tightLimits = {
  auth: { max: 4, timeWindow: 60_000 },
  money: { max: 10_000, timeWindow: 60_000 },
};
const wrongLogin = { account_number: '123456789012', password: 'Wrong-Password-1' };

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

describe('client addresses and rate limits', () => {
  it('ignores X-Forwarded-For unless a proxy is configured: forged addresses share one limit', async () => {
    const limited = await startTestBank({ serveFrontend: false, rateLimits: tightLimits });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await new ApiClient(limited).post('/api/login', wrongLogin, {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.stop();
    }
  });

  it('behind the edge, counts the address the edge saw, not one the client wrote', async () => {
    const service = await startTestBank({
      serveFrontend: false,
      rateLimits: tightLimits,
      config: { trustProxy: ['127.0.0.1'] },
    });
    const edge = await buildEdge({
      upstreams: { 'command-api': [service.url], 'query-api': [service.url] },
      frontendDir: '/nonexistent',
    });
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    try {
      const viaEdge = async (forged: string) =>
        (
          await fetch(`${edgeUrl}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
            body: JSON.stringify(wrongLogin),
          })
        ).status;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push(await viaEdge(`198.51.100.${i + 1}`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // The service does trust its configured proxy: a client it names is a client of its own.
      const named = await new ApiClient(service).post(
        '/api/login',
        { ...wrongLogin, account_number: '210987654321' },
        {
          'x-forwarded-for': '192.0.2.77',
        },
      );
      expect(named.status).toBe(401);
    } finally {
      await edge.close();
      await service.stop();
    }
  });

  it('refuses TRUST_PROXY=true, which would trust every client', async () => {
    const { loadConfig } = await import('@bank/infra');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('keeps limiting sign-in in this process while Redis is down', async () => {
    // A Redis client for a port nothing listens on: every command fails at once.
    const unreachable = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    unreachable.on('error', () => {});
    await unreachable.connect().catch(() => {});
    const app = await buildHttpServer({
      ctx: bank.ctx,
      redis: unreachable,
      isReady: () => true,
      rateLimits: tightLimits,
      rateLimitNamespace: `down-${randomBytes(4).toString('hex')}`,
      serveFrontend: false,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await new ApiClient({ app }).post('/api/login', wrongLogin)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await app.close();
      unreachable.disconnect();
    }
  });
});

describe('caching of signed-in answers', () => {
  it('marks customer, ops and audit answers no-store', async () => {
    const { client } = await signedUpCustomer(bank);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const issued = await ops.post('/api/ops/auditors', { name: 'Cache check' });
    const auditor = new ApiClient(bank);
    auditor.token = issued.body.data.token;
    const customerId = (await client.get('/api/user')).body.data.user.id as string;
    for (const response of [
      await client.get('/api/accounts'),
      await client.get('/api/user'),
      await client.get('/api/dashboard'),
      await ops.get('/api/ops/ledger'),
      await auditor.get(`/api/audit/customers/${customerId}/replay`),
      await new ApiClient(bank).get('/api/accounts'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('access log', () => {
  it('writes one line per request: id, method, route, status, latency, client; no secrets', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildHttpServer({
      ctx: bank.ctx,
      isReady: () => true,
      rateLimits: tightLimits,
      serveFrontend: false,
      logLevel: 'info',
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      const password = 'Secret-Passw0rd-For-Log';
      const registered = await new ApiClient({ app }).post(
        '/api/register',
        registrationPayload({ password, password_confirmation: password }),
      );
      const client = new ApiClient({ app });
      client.token = registered.body.data.token;
      const failed = await new ApiClient({ app }).post('/api/login', {
        account_number: registered.body.data.user.account_number,
        password: 'Wrong-Password-1',
      });
      const accounts = await client.get('/api/accounts?per_page=5');
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(3);
      expect(requests[1]).toMatchObject({
        request_id: failed.headers['x-request-id'],
        method: 'POST',
        route: '/api/login',
        status: 401,
        ms: expect.any(Number),
        client: '127.0.0.1',
      });
      expect(requests[2]).toMatchObject({
        request_id: accounts.headers['x-request-id'],
        route: '/api/accounts',
        status: 200,
        customer_id: registered.body.data.user.id,
      });
      const text = JSON.stringify(lines);
      for (const secret of [
        password,
        'Wrong-Password-1',
        registered.body.data.token,
        registered.body.data.user.email,
        registered.body.data.user.account_number,
        'per_page',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it('is quiet in tests unless LOG_LEVEL says otherwise', async () => {
    const { loadConfig } = await import('@bank/infra');
    expect(loadConfig({ VITEST: 'true' }).logLevel).toBe('silent');
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('session lifetime', () => {
  const backdate = async (token: string, by: string) => {
    await bank.pool.query(
      `UPDATE sessions SET created_at = created_at - $2::interval WHERE token_hash = $1`,
      [hashToken(token), by],
    );
    await bank.ctx.sessions.caughtUp();
  };

  it('ends a session 12 hours after sign-in, however recently it was used', async () => {
    const { client } = await signedUpCustomer(bank);
    expect((await client.get('/api/accounts')).status).toBe(200);
    await backdate(client.token!, '12 hours 1 minute');
    expect((await client.get('/api/accounts')).status).toBe(401);
    expect((await client.post('/api/session/refresh')).status).toBe(401);
  });

  it('never extends a session past its absolute end', async () => {
    const { client } = await signedUpCustomer(bank);
    await backdate(client.token!, '11 hours 55 minutes');
    const refreshed = await client.post('/api/session/refresh');
    expect(refreshed.status).toBe(200);
    const { rows } = await bank.pool.query<{ ends: Date }>(
      `SELECT created_at + interval '12 hours' AS ends FROM sessions WHERE token_hash = $1`,
      [hashToken(client.token!)],
    );
    expect(new Date(refreshed.body.data.expires_at).getTime()).toBeLessThanOrEqual(
      rows[0]!.ends.getTime(),
    );
  });
});

describe('password reset links', () => {
  it('point at PUBLIC_URL whatever Origin or Host say, and only a sealed copy is stored', async () => {
    const publicBank = await startTestBank({
      serveFrontend: false,
      config: { publicUrl: 'https://online.harborview.example' },
    });
    try {
      const { user } = await signedUpCustomer(publicBank);
      const requested = await new ApiClient(publicBank).post(
        '/api/forgot-password',
        { account_number: user.account_number },
        { origin: 'https://evil.example', host: 'evil.example' },
      );
      expect(requested.status).toBe(200);
      const ops = new ApiClient(publicBank);
      ops.token = publicBank.opsToken;
      const outbox = (await ops.get('/api/ops/password-resets')).body.data.password_resets;
      const link = outbox[0].reset_link as string;
      expect(link).toMatch(/^https:\/\/online\.harborview\.example\/reset-password\?token=/);
      const token = new URL(link).searchParams.get('token')!;
      const { rows } = await publicBank.pool.query('SELECT * FROM password_resets');
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0].token_hash).toEqual(hashToken(token));

      // Once used, the outbox no longer opens the link.
      await new ApiClient(publicBank).post('/api/reset-password', {
        token,
        password: 'Brand-New-Pass-1',
        password_confirmation: 'Brand-New-Pass-1',
      });
      const after = (await ops.get('/api/ops/password-resets')).body.data.password_resets;
      expect(after[0]).toMatchObject({ reset_link: null, used_at: expect.any(String) });
    } finally {
      await publicBank.stop();
    }
  });
});

describe('auditor credentials', () => {
  const issue = async (body: object) => {
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const issued = await ops.post('/api/ops/auditors', body);
    const auditor = new ApiClient(bank);
    auditor.token = issued.body.data?.token;
    return { ops, issued, auditor };
  };

  it('expire after the term given at issue (90 days by default)', async () => {
    const { issued, auditor } = await issue({ name: 'Short audit', expires_in_days: 7 });
    expect(issued.status).toBe(201);
    const days = (Date.parse(issued.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const customerId = (await signedUpCustomer(bank)).user.id;
    const replay = `/api/audit/customers/${customerId}/replay`;
    expect((await auditor.get(replay)).status).toBe(200);
    await bank.pool.query(
      `UPDATE auditor_credentials SET expires_at = now() - interval '1 second' WHERE auditor_id = $1`,
      [issued.body.data.auditor_id],
    );
    expect((await auditor.get(replay)).status).toBe(401);

    const standard = await issue({ name: 'Year-end audit' });
    const standardDays =
      (Date.parse(standard.issued.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(standardDays)).toBe(90);
    const refused = await issue({ name: 'Forever', expires_in_days: 100_000 });
    expect(refused.issued.status).toBe(422);
  });

  it('stop working at once when revoked, through the API and the ops CLI', async () => {
    const customerId = (await signedUpCustomer(bank)).user.id;
    const replay = `/api/audit/customers/${customerId}/replay`;
    const first = await issue({ name: 'Revoked by API' });
    expect((await first.auditor.get(replay)).status).toBe(200);
    const revoked = await first.ops.delete(
      `/api/ops/auditors/${first.issued.body.data.auditor_id}`,
    );
    expect(revoked.status).toBe(200);
    expect((await first.auditor.get(replay)).status).toBe(401);
    expect(
      (await first.ops.delete(`/api/ops/auditors/${first.issued.body.data.auditor_id}`)).status,
    ).toBe(404);

    const second = await issue({ name: 'Revoked by CLI' });
    const printed: string[] = [];
    const code = await runOpsCli(
      ['revoke-auditor', second.issued.body.data.auditor_id],
      { baseUrl: bank.url, token: bank.opsToken },
      (line) => printed.push(line),
    );
    expect(code).toBe(0);
    expect(printed.join('\n')).toContain('revoked');
    expect((await second.auditor.get(replay)).status).toBe(401);
  });
});

describe('profile photos', () => {
  it('accepts a photo just under 5 MB, and refuses one just over with the spec message', async () => {
    const { client } = await signedUpCustomer(bank);
    const png = (size: number) => dataUrl(testPng({ padTo: size }));
    const saved = await client.put('/api/profile/photo', { image: png(5 * 1024 * 1024 - 1024) });
    expect(saved.status).toBe(200);
    const tooBig = await client.put('/api/profile/photo', { image: png(5 * 1024 * 1024 + 1) });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.image).toEqual(['Image size must be less than 5MB']);
    // Every other route keeps the small limit.
    const other = await client.put('/api/profile', { name: 'x'.repeat(300 * 1024) });
    expect(other.status).toBe(413);
  });
});
