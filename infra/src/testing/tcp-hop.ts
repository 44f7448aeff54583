import net from 'node:net';

export interface TcpHop {
  port: number;
  /** Holds every byte in both directions, connections left open: a peer that hangs. */
  freeze(): void;
  /** Delivers what was held, in order, and forwards again. */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * A TCP hop in front of a server (127.0.0.1:`target`, or the Unix-domain socket at that path) that
 * can be frozen, as a hung server would be.
 */
export async function freezableHop(target: number | string): Promise<TcpHop> {
  let frozen = false;
  const held: [to: net.Socket, chunk: Buffer][] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => {
    sockets.add(from);
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push([to, chunk]);
      else to.write(chunk);
    });
    from.on('close', () => {
      sockets.delete(from);
      to.destroy();
    });
    from.on('error', () => from.destroy());
  };
  const server = net.createServer((client) => {
    const upstream =
      typeof target === 'number' ? net.connect(target, '127.0.0.1') : net.connect(target);
    forward(client, upstream);
    forward(upstream, client);
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
