import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, type BankApp } from './app.ts';
import { REQUEST_TIMEOUT_MS } from './connection-guard.ts';
import { sendBodySlowly } from '../testing/slow-client.ts';

/**
 * A client that sends a request's headers and then its body a byte at a time must not hold its
 * connection for good: enough such connections would use up the process's file descriptors and
 * no one else could connect.
 */
describe('a request sent too slowly', () => {
  let app: BankApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is answered 408 and its connection closed once the request timeout passes', async () => {
    app = createHttpApp({ requestTimeoutMs: 1_000 });
    app.post('/echo', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const { answer, closedAfterMs } = await sendBodySlowly(port);

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('is answered 404 at once, before its body, when it is for no route', async () => {
    app = createHttpApp({ requestTimeoutMs: 5_000 });
    app.post('/echo', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    // The body would take ten seconds; the answer must not wait for it (or for the timeout).
    const { answer } = await sendBodySlowly(port, '/api/no-such-route', 1_500);

    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('"code":"NOT_FOUND"');
  });

  it('has a limit by default, so every app of the bank has one', async () => {
    app = createHttpApp();
    await app.ready();
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});
