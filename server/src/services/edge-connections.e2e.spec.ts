import type net from 'node:net';
import { createHttpApp, REQUEST_TIMEOUT_MS } from '@bank/infra';
import { holdConnection, sendBodySlowly, type HeldConnection } from '@bank/infra/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEdge } from './edge-app.ts';

/**
 * The edge is what clients reach in scale mode: the limits that keep one client from holding the
 * bank's connections apply there as on the one-process bank.
 */
describe('the Node edge and a client holding connections', () => {
  const open: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  async function edgeBefore(
    options: { requestTimeoutMs?: number; maxConnectionsPerClient?: number } = {},
  ): Promise<FastifyInstance> {
    // A real service behind it, with a longer request timeout than the edge's: a 408 is the edge's.
    const service = createHttpApp({ requestTimeoutMs: 30_000 });
    service.get('/api/accounts', async () => ({ status: 'success', data: [] }));
    service.post('/api/transfers', async () => ({ status: 'success' }));
    const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });
    open.push(service);
    const edge = await buildEdge({
      upstreams: { 'command-api': [serviceUrl], 'query-api': [serviceUrl] },
      ...options,
    });
    await edge.listen({ port: 0, host: '127.0.0.1' });
    open.push(edge);
    return edge;
  }
  const portOf = (edge: FastifyInstance) => (edge.server.address() as net.AddressInfo).port;

  it('answers 408 and closes a request whose body comes a byte at a time', async () => {
    const edge = await edgeBefore({ requestTimeoutMs: 1_000 });

    const { answer, closedAfterMs } = await sendBodySlowly(portOf(edge), '/api/transfers');

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('has the request timeout by default', async () => {
    const edge = await edgeBefore();
    expect(edge.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('refuses a client its connections over the limit with 429, and serves the ones it holds', async () => {
    const edge = await edgeBefore({ maxConnectionsPerClient: 2 });
    const held: HeldConnection[] = [];
    for (let i = 0; i < 3; i++) {
      const connection = await holdConnection(portOf(edge));
      open.push(connection);
      held.push(connection);
    }
    expect(await held[0]!.get('/api/accounts')).toBe('HTTP/1.1 200 OK');
    expect(await held[1]!.get('/api/accounts')).toBe('HTTP/1.1 200 OK');
    expect(await held[2]!.get('/api/accounts')).toBe('HTTP/1.1 429 Too Many Requests');
    expect(await held[0]!.get('/api/accounts')).toBe('HTTP/1.1 200 OK');
  });
});
