import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpBodiesRefused } from '../observability/metrics.ts';
import { createHttpApp, type BankApp } from './app.ts';

const KB = 1024;

/** A raw POST from `from` (127.0.0.x): headers announcing `announced` bytes, then `sent` of them. */
function post(port: number, from: string, announced: number, sent = announced) {
  let received = '';
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const body = `{"a":"${'x'.repeat(announced - 8)}"}`;
  const written = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: bank\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${announced}\r\n\r\n`,
      );
      socket.write(body.slice(0, sent), () => resolve());
    }),
  );
  const answer = async () => {
    while (!/HTTP\/1\.1 \d{3}/.test(received) && !socket.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received.match(/HTTP\/1\.1 \d{3}/)?.[0] ?? 'closed';
  };
  const finish = () => socket.write(body.slice(sent));
  return {
    written,
    closed,
    answer,
    finish,
    received: () => received,
    close: () => socket.destroy(),
  };
}

/** Lets the server read what was written (loopback: a few milliseconds). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const refusedCount = async () =>
  (await httpBodiesRefused.get()).values.reduce((sum, v) => sum + v.value, 0);

/**
 * Many bodies held at once, each within its own limit, must not take the process's memory: all
 * of them together stay within a budget, and whoever holds the most gives way first.
 */
describe('bytes of request bodies held at once', () => {
  let app: BankApp | undefined;
  const sockets: { close(): void }[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await app?.close();
    app = undefined;
  });

  let logged: { msg: string; client?: string }[] = [];
  async function start(maxBodyBytesTotal: number): Promise<number> {
    logged = [];
    app = createHttpApp({
      bodyLimit: 512 * KB,
      maxBodyBytesTotal,
      logLevel: 'warn',
      logStream: { write: (line) => void logged.push(JSON.parse(line)) },
    });
    app.post('/echo', async (request) => ({ bytes: JSON.stringify(request.body).length }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  }

  it('drops the bodies of the client holding the most to let a newcomer in', async () => {
    const port = await start(1024 * KB);
    const hog = [1, 2, 3].map(() => post(port, '127.0.0.2', 400 * KB, 300 * KB));
    sockets.push(...hog);
    await Promise.all(hog.map((h) => h.written));
    await settle();
    const refusedBefore = await refusedCount();

    const newcomer = post(port, '127.0.0.3', 200 * KB);
    sockets.push(newcomer);
    expect(await newcomer.answer()).toBe('HTTP/1.1 200');
    await Promise.all(hog.map((h) => h.closed));
    for (const h of hog) expect(h.received()).toBe('');
    expect(await refusedCount()).toBe(refusedBefore + 1);
  });

  it('drops only the bodies of the biggest holder, not of a smaller one', async () => {
    const port = await start(1024 * KB);
    const bigger = [1, 2].map(() => post(port, '127.0.0.2', 400 * KB, 300 * KB));
    const smaller = post(port, '127.0.0.4', 400 * KB, 300 * KB);
    sockets.push(...bigger, smaller);
    await Promise.all([...bigger, smaller].map((h) => h.written));
    await settle();

    const newcomer = post(port, '127.0.0.3', 200 * KB);
    sockets.push(newcomer);
    expect(await newcomer.answer()).toBe('HTTP/1.1 200');
    await Promise.all(bigger.map((h) => h.closed));
    // The smaller holder is still being read: it finishes its body and is answered.
    smaller.finish();
    expect(await smaller.answer()).toBe('HTTP/1.1 200');
  });

  it('refuses with 429 the next body of a client that alone holds the budget', async () => {
    const port = await start(1024 * KB);
    const held = [1, 2, 3].map(() => post(port, '127.0.0.2', 400 * KB, 300 * KB));
    sockets.push(...held);
    await Promise.all(held.map((h) => h.written));
    await settle();

    const more = post(port, '127.0.0.2', 200 * KB);
    sockets.push(more);
    expect(await more.answer()).toBe('HTTP/1.1 429');
    expect(more.received()).toContain(
      '"message":"Too many requests. Please wait a moment and try again."',
    );
    expect(more.received().toLowerCase()).toContain('retry-after: 1');
    const again = post(port, '127.0.0.2', 200 * KB);
    sockets.push(again);
    expect(await again.answer()).toBe('HTTP/1.1 429');
    // A flood of refusals makes one log line, naming the client.
    const lines = logged.filter((line) => line.msg.startsWith('request body refused'));
    expect(lines).toEqual([expect.objectContaining({ client: '127.0.0.2' })]);
    // What the client already sent is still being read: its bodies were not dropped.
    for (const h of held) expect(h.received()).toBe('');
  });

  it('gives a body’s bytes back once it is answered', async () => {
    const port = await start(1024 * KB);
    // Five times the budget in all, one after another: each answered before the next.
    for (let i = 0; i < 10; i += 1) {
      const one = post(port, '127.0.0.2', 500 * KB);
      sockets.push(one);
      expect(await one.answer()).toBe('HTTP/1.1 200');
      one.close();
      await one.closed;
    }
  });

  it('drops a body sent after its answer, and the connection carries the next request', async () => {
    const port = await start(1024 * KB);
    for (const size of [100, 40 * KB, 200 * KB]) {
      // An unsupported type is answered 415 before the body is read; the body comes later.
      const socket = net.connect({ port, host: '127.0.0.1' });
      sockets.push({ close: () => socket.destroy() });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: bank\r\nContent-Type: multipart/form-data\r\n` +
          `Content-Length: ${size}\r\n\r\n`,
      );
      while (!received.includes('415')) await new Promise((resolve) => setTimeout(resolve, 10));
      socket.write('x'.repeat(size));
      socket.write('GET /nope HTTP/1.1\r\nHost: bank\r\n\r\n');
      while (!/HTTP\/1\.1 404/.test(received) && !socket.destroyed) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(received.match(/HTTP\/1\.1 \d{3}/g), `${size} bytes`).toEqual([
        'HTTP/1.1 415',
        'HTTP/1.1 404',
      ]);
      socket.destroy();
    }
    // The bank is still up, and its budget whole.
    const after = post(port, '127.0.0.2', 500 * KB);
    sockets.push(after);
    expect(await after.answer()).toBe('HTTP/1.1 200');
  });

  it('gives the bytes back when a client goes away mid-body', async () => {
    const port = await start(1024 * KB);
    for (let i = 0; i < 6; i += 1) {
      const gone = post(port, '127.0.0.2', 400 * KB, 300 * KB);
      await gone.written;
      await settle();
      gone.close();
      await gone.closed;
    }
    await settle();
    const after = post(port, '127.0.0.2', 500 * KB);
    sockets.push(after);
    expect(await after.answer()).toBe('HTTP/1.1 200');
  });
});
