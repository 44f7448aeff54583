import net from 'node:net';

export interface TcpHop {
  port: number;
  /** Holds every byte in both directions, connections left open: a peer that hangs. */
  freeze(): void;
  /** Delivers what was held, in order, and forwards again. */
  thaw(): void;
  close(): Promise<void>;
}

export interface HopOptions {
  /**
   * Everything the client sends (its closing too) reaches the server this late, as over a slow
   * network or to a server too busy to read it at once.
   */
  uplinkDelayMs?: number;
}

/**
 * A TCP hop in front of a server (127.0.0.1:`target`, or the Unix-domain socket at that path) that
 * can be frozen, as a hung server would be.
 */
export async function freezableHop(
  target: number | string,
  options: HopOptions = {},
): Promise<TcpHop> {
  const uplinkDelayMs = options.uplinkDelayMs ?? 0;
  let frozen = false;
  const held: [to: net.Socket, chunk: Buffer][] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket, delayMs: number) => {
    const later = (deliver: () => void) =>
      delayMs > 0 ? void setTimeout(deliver, delayMs) : deliver();
    sockets.add(from);
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push([to, chunk]);
      else later(() => to.write(chunk));
    });
    from.on('close', () => {
      sockets.delete(from);
      later(() => to.destroy());
    });
    from.on('error', () => from.destroy());
  };
  const server = net.createServer((client) => {
    const upstream =
      typeof target === 'number' ? net.connect(target, '127.0.0.1') : net.connect(target);
    forward(client, upstream, uplinkDelayMs);
    forward(upstream, client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A hop in front of the PostgreSQL server of `databaseUrl`, with the URL that goes through it. */
export async function postgresHop(
  databaseUrl: string,
  options: HopOptions = {},
): Promise<TcpHop & { url: string }> {
  const target = new URL(databaseUrl);
  const socketDirectory = target.searchParams.get('host');
  const hop = await freezableHop(
    socketDirectory ? `${socketDirectory}/.s.PGSQL.${target.port}` : Number(target.port),
    options,
  );
  const through = new URL(databaseUrl);
  through.searchParams.delete('host');
  through.hostname = '127.0.0.1';
  through.port = String(hop.port);
  return Object.assign(hop, { url: through.toString() });
}
