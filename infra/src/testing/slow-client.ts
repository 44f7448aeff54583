import net from 'node:net';

/**
 * A client that sends a POST's headers, then its body a byte at a time, as an attacker holding a
 * connection would. Resolves with what the server answered and when it closed the connection
 * (gives up after `giveUpMs`, so a server that never closes it shows as closing then).
 */
export function sendBodySlowly(
  port: number,
  path = '/echo',
  giveUpMs = 8_000,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: bank\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100000\r\n\r\n{"a":"',
      );
    });
    const drip = setInterval(() => socket.write('x'), 100);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

/** A raw keep-alive connection that can send GETs one after another and read each answer. */
export interface HeldConnection {
  /** Sends a GET and resolves with the status line of its answer ('closed' if none came). */
  get(path: string): Promise<string>;
  /** Everything the server sent on this connection so far. */
  received(): string;
  closed: Promise<void>;
  close(): void;
}

/** `localAddress` (127.0.0.x) makes the connection come from another client address. */
export function holdConnection(port: number, localAddress?: string): Promise<HeldConnection> {
  return new Promise((resolve, reject) => {
    let received = '';
    let answered = 0;
    let isClosed = false;
    let waiting: (() => void) | undefined;
    const statusLines = () => received.match(/HTTP\/1\.1 \d{3}[^\r]*/g) ?? [];
    let closedResolve = () => {};
    const closed = new Promise<void>((r) => (closedResolve = r));
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      ...(localAddress ? { localAddress } : {}),
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      waiting?.();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      isClosed = true;
      waiting?.();
      closedResolve();
    });
    socket.once('connect', () =>
      resolve({
        get: (path) =>
          new Promise((done) => {
            const index = answered++;
            waiting = () => {
              const line = statusLines()[index];
              if (line === undefined && !isClosed) return;
              waiting = undefined;
              done(line ?? 'closed');
            };
            if (!isClosed) {
              socket.write(`GET ${path} HTTP/1.1\r\nHost: bank\r\nConnection: keep-alive\r\n\r\n`);
            }
            waiting();
          }),
        received: () => received,
        closed,
        close: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}
