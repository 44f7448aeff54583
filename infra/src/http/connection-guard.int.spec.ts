import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { holdConnection, type HeldConnection } from '../testing/slow-client.ts';
import { createHttpApp, type BankApp } from './app.ts';
import { httpConnectionsRefused } from '../observability/metrics.ts';
import {
  clientOf,
  connectionBudget,
  MAX_CONNECTIONS_PER_CLIENT,
  processConnectionBudget,
} from './connection-guard.ts';

/**
 * One client holding many connections open must not use up the descriptors the process needs for
 * everyone else: past its share it is refused with 429, and what it already holds keeps working.
 */
describe('connections per client', () => {
  let app: BankApp | undefined;
  const held: HeldConnection[] = [];
  afterEach(async () => {
    for (const connection of held.splice(0)) connection.close();
    await app?.close();
    app = undefined;
  });

  async function start(options: Parameters<typeof createHttpApp>[0]): Promise<number> {
    app = createHttpApp(options);
    app.get('/ping', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  }

  const refusedCount = async () =>
    (await httpConnectionsRefused.get()).values.reduce((sum, v) => sum + v.value, 0);

  async function hold(port: number, from?: string): Promise<HeldConnection> {
    const connection = await holdConnection(port, from);
    held.push(connection);
    return connection;
  }

  it('refuses a connection over the limit with 429 and closes it, and lets one in again when one closes', async () => {
    const port = await start({ maxConnectionsPerClient: 3 });
    const first = await hold(port);
    const others = [await hold(port), await hold(port)];
    for (const connection of [first, ...others]) {
      expect(await connection.get('/ping')).toBe('HTTP/1.1 200 OK');
    }

    const refusedBefore = await refusedCount();
    const over = await hold(port);
    expect(await over.get('/ping')).toBe('HTTP/1.1 429 Too Many Requests');
    await over.closed;
    expect(await refusedCount()).toBe(refusedBefore + 1);
    expect(over.received()).toContain(
      '"message":"Too many requests. Please wait a moment and try again."',
    );
    // What the client already holds still works.
    expect(await first.get('/ping')).toBe('HTTP/1.1 200 OK');

    first.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await hold(port);
    expect(await again.get('/ping')).toBe('HTTP/1.1 200 OK');
  });

  it('does not count the connections of a trusted proxy, which carries many clients', async () => {
    const port = await start({ maxConnectionsPerClient: 2, trustProxy: ['loopback'] });
    for (let i = 0; i < 5; i++) {
      expect(await (await hold(port)).get('/ping')).toBe('HTTP/1.1 200 OK');
    }
  });

  it('has a limit by default, with room for a browser and for the bank’s own load tools', async () => {
    expect(MAX_CONNECTIONS_PER_CLIENT).toBeGreaterThanOrEqual(600);
    const port = await start({ maxConnectionsPerClient: 0 });
    for (let i = 0; i < 5; i++) {
      expect(await (await hold(port)).get('/ping')).toBe('HTTP/1.1 200 OK');
    }
  });

  it('keeps all clients together within the budget: whoever holds the most gives way to a newcomer', async () => {
    const port = await start({ maxConnectionsPerClient: 10, maxConnectionsTotal: 4 });
    // Two addresses, each well within its own share, take the whole budget between them.
    const flood = [
      await hold(port, '127.0.0.2'),
      await hold(port, '127.0.0.2'),
      await hold(port, '127.0.0.2'),
      await hold(port, '127.0.0.3'),
    ];
    for (const connection of flood) expect(await connection.get('/ping')).toBe('HTTP/1.1 200 OK');

    // A client with no connection is served: the biggest holder's oldest connection makes room.
    const newcomer = await hold(port, '127.0.0.4');
    expect(await newcomer.get('/ping')).toBe('HTTP/1.1 200 OK');
    await flood[0]!.closed;
    expect(await flood[1]!.get('/ping')).toBe('HTTP/1.1 200 OK');

    // The biggest holder asking for more is refused rather than served at another's expense.
    const more = await hold(port, '127.0.0.2');
    expect(await more.get('/ping')).toBe('HTTP/1.1 429 Too Many Requests');
    for (const connection of [flood[1]!, flood[2]!, flood[3]!, newcomer]) {
      expect(await connection.get('/ping')).toBe('HTTP/1.1 200 OK');
    }
  });

  it('takes the budget from the process’s limit on open files, keeping a reserve for the bank', () => {
    const limits = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units     \n` +
      `Max cpu time              unlimited            unlimited            seconds   \n` +
      `Max open files            ${soft}                524288               files     \n`;
    expect(connectionBudget(limits('1024'))).toBe(512);
    expect(connectionBudget(limits('20000'))).toBe(15_000);
    expect(connectionBudget(limits('1048576'))).toBe(786_432);
    expect(connectionBudget(limits('unlimited'))).toBe(Infinity);
    expect(connectionBudget(undefined)).toBe(Infinity);
    // On Linux the bank runs with a budget.
    if (process.platform === 'linux') expect(processConnectionBudget()).toBeLessThan(Infinity);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', () => {
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe(clientOf('2001:db8:1:2:bbbb::9'));
    expect(clientOf('2001:db8:1:2::1')).not.toBe(clientOf('2001:db8:1:3::1'));
    expect(clientOf('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(clientOf('10.0.0.7')).not.toBe(clientOf('10.0.0.8'));
  });
});
