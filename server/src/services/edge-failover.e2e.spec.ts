import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@bank/infra';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { getAsWritten } from '../testing/get-as-written.ts';
import { rawRequest } from '../testing/raw-request.ts';
import { buildEdge } from './edge-app.ts';

/** A stand-in instance: a real HTTP server answering health and one query route with its name. */
async function instance(name: string, port = 0): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'success', data: { ready: true } }));
  app.get('/api/accounts', async () => ({ status: 'success', data: { served_by: name } }));
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((app) => app.close()));
});

async function get(edgeUrl: string) {
  const response = await fetch(`${edgeUrl}/api/accounts`);
  const body = (await response.json()) as { data?: { served_by?: string }; code?: string };
  return { status: response.status, by: body.data?.served_by, code: body.code };
}

describe('the Node edge with an instance gone', () => {
  it('takes a dead instance out of the rotation and brings it back when it answers again', async () => {
    const a = await instance('a');
    const b = await instance('b');
    open.push(b.app);
    const lines: string[] = [];
    const edge = await buildEdge({
      upstreams: { 'command-api': [a.url], 'query-api': [a.url, b.url] },
      frontendDir: '/nonexistent',
      logger: createLogger({ level: 'info', stream: { write: (line) => void lines.push(line) } }),
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });

    const before = await Promise.all(Array.from({ length: 4 }, () => get(edgeUrl)));
    expect(new Set(before.map((r) => r.by))).toEqual(new Set(['a', 'b']));

    await a.app.close();
    const after: Awaited<ReturnType<typeof get>>[] = [];
    for (let i = 0; i < 10; i += 1) after.push(await get(edgeUrl));
    const failed = after.filter((r) => r.status !== 200);
    // At most the one request that found it gone fails, as a 503 the client may retry, never a 500.
    expect(failed.length).toBeLessThanOrEqual(1);
    for (const r of failed) expect([r.status, r.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(after.filter((r) => r.status === 200).every((r) => r.by === 'b')).toBe(true);
    // The operator reads which instance left the rotation, once, and no line per request.
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; upstream?: string });
    expect(logged.filter((l) => l.msg === 'upstream unreachable: taken out of rotation')).toEqual([
      expect.objectContaining({ upstream: a.url }),
    ]);
    expect(logged.map((l) => l.msg)).not.toContain('request completed');
    expect(logged.map((l) => l.msg)).not.toContain('fetching from remote server');

    const port = Number(new URL(a.url).port);
    const back = await instance('a', port);
    open.push(back.app);
    await expect
      .poll(async () => (await get(edgeUrl)).by === 'a' || (await get(edgeUrl)).by === 'a', {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

describe('the Node edge’s aggregated /api/health', () => {
  it('stays 200 naming a lost instance while its service has another, 503 once it has none', async () => {
    const command = await instance('command');
    const query = await instance('query');
    const worker1 = await instance('projections-1');
    const worker2 = await instance('projections-2');
    open.push(command.app, query.app, worker2.app);
    const edge = await buildEdge({
      upstreams: { 'command-api': [command.url], 'query-api': [query.url] },
      health: {
        'projections#1': `${worker1.url}/api/health`,
        'projections#2': `${worker2.url}/api/health`,
      },
      frontendDir: '/nonexistent',
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    const health = async () => {
      const response = await fetch(`${edgeUrl}/api/health`);
      return { status: response.status, body: (await response.json()) as any };
    };
    const settle = () => new Promise((r) => setTimeout(r, 300)); // past the shared report's age

    const all = await health();
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ ready: true, degraded: [] });

    await worker1.app.close();
    await settle();
    const one = await health();
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      ready: true,
      degraded: ['projections#1'],
      services: {
        'command-api#1': true,
        'query-api#1': true,
        'projections#1': false,
        'projections#2': true,
      },
      roles: { projections: { healthy: 1, instances: 2 } },
    });

    await worker2.app.close();
    await settle();
    const none = await health();
    expect(none.status).toBe(503);
    expect(none.body.data).toMatchObject({
      ready: false,
      degraded: ['projections#1', 'projections#2'],
      roles: { projections: { healthy: 0, instances: 2 }, 'query-api': { healthy: 1 } },
    });
  });
});

describe('the Node edge', () => {
  it('passes an instance’s 503 on at once rather than asking it again', async () => {
    // A query-api whose read could not catch up (X-Consistency-Token) answers 503 after its wait.
    let asked = 0;
    const busy = Fastify();
    busy.get('/api/health', async () => ({ status: 'success', data: { ready: true } }));
    busy.get('/api/accounts', async (_request, reply) => {
      asked += 1;
      await new Promise((r) => setTimeout(r, 200));
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ status: 'error', code: 'CONSISTENCY_TIMEOUT' });
    });
    const busyUrl = await busy.listen({ port: 0, host: '127.0.0.1' });
    open.push(busy);
    const edge = await buildEdge({
      upstreams: { 'command-api': [busyUrl], 'query-api': [busyUrl] },
      frontendDir: '/nonexistent',
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });

    const started = Date.now();
    const answer = await get(edgeUrl);
    expect([answer.status, answer.code]).toEqual([503, 'CONSISTENCY_TIMEOUT']);
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers a request its HTTP parser refuses in the bank’s envelope', async () => {
    const edge = await buildEdge({
      upstreams: { 'command-api': [], 'query-api': [] },
      frontendDir: '/nonexistent',
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    const answer = await rawRequest(
      edgeUrl,
      'GET /api/accounts HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0001b\r\n\r\n',
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body!)).toEqual({
      status: 'error',
      message: 'The request is malformed.',
      code: 'MALFORMED_REQUEST',
    });
  });

  it('sends the web app for its page paths and a 404 for files the build did not write', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'edge-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<p>home</p>');
    writeFileSync(path.join(dist, 'index.html.br'), Buffer.from([0x1b, 0x0a, 0x00]));
    writeFileSync(path.join(dist, 'app.html'), '<div id="root"></div>');
    const edge = await buildEdge({
      upstreams: { 'command-api': [], 'query-api': [] },
      frontendDir: dist,
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    const page = await fetch(`${edgeUrl}/accounts?tab=2`);
    expect([page.status, await page.text()]).toEqual([200, '<div id="root"></div>']);
    for (const file of ['/index.html.br', '/.env', '/assets/index-0ld.js']) {
      const response = await fetch(`${edgeUrl}${file}`);
      expect([file, response.status]).toEqual([file, 404]);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // A name the file server will not look up (too long for the file system, `..`, `//`, NUL) is
    // not found, like any other: the page for a page path, a 404 for a file.
    for (const target of [`/${'x'.repeat(3000)}`, '/a//b', '/%2e%2e', '/%00', '/%5c']) {
      const response = await getAsWritten(edgeUrl, target);
      expect([target.slice(0, 40), response.status]).toEqual([target.slice(0, 40), 200]);
      expect(response.body).toBe('<div id="root"></div>');
    }
    for (const target of [`/${'x'.repeat(3000)}.js`, `/assets/${'x'.repeat(300)}.js`]) {
      const response = await getAsWritten(edgeUrl, target);
      expect([target.slice(0, 40), response.status]).toEqual([target.slice(0, 40), 404]);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the Node edge’s /metrics', () => {
  it('shows which instance left the rotation and what the edge answered, to the scrape token only', async () => {
    const a = await instance('a');
    const b = await instance('b');
    open.push(b.app);
    const edge = await buildEdge({
      upstreams: { 'command-api': [a.url], 'query-api': [a.url, b.url] },
      frontendDir: '/nonexistent',
      metricsTokens: [undefined, 'scrape-token'],
    });
    open.push(edge);
    const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
    const scrape = async (token?: string) => {
      const response = await fetch(`${edgeUrl}/metrics`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, text: await response.text() };
    };
    const sample = (text: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"#]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);

    expect((await scrape()).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(403);
    const before = (await scrape('scrape-token')).text;
    expect(sample(before, 'bank_edge_instance_in_rotation{instance="query-api#1"}')).toBe(1);
    // Counters are the process's: earlier tests' edges counted in them too.
    const count = (text: string, series: string) => sample(text, series) || 0;
    const served = 'bank_edge_requests_total{service="query-api",status="200"}';
    const unreachable = 'bank_edge_upstream_unreachable_total{instance="query-api#1"}';

    await a.app.close();
    for (let i = 0; i < 4; i += 1) await get(edgeUrl);

    const after = (await scrape('scrape-token')).text;
    expect(sample(after, 'bank_edge_instance_in_rotation{instance="query-api#1"}')).toBe(0);
    expect(sample(after, 'bank_edge_instance_in_rotation{instance="query-api#2"}')).toBe(1);
    expect(count(after, unreachable) - count(before, unreachable)).toBe(1);
    expect(count(after, served) - count(before, served)).toBeGreaterThanOrEqual(3);
    expect(after).toContain('bank_http_connections_refused_total');
  });
});
