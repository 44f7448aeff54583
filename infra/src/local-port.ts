import net from 'node:net';

/** A local server cannot start: something else already listens on its port. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    server: string,
    /** Who holds it, when known (else another bank from another folder is the likely one). */
    holder?: string,
  ) {
    super(
      holder
        ? `Port ${port}, where the embedded ${server} would listen, is held by ${holder}.`
        : `Port ${port}, where the embedded ${server} would listen, is already in use: is another bank running from another folder?`,
    );
  }
}

/** Whether something listens on a loopback port (found by trying to listen there a moment). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/**
 * Refuses to start `server` on a loopback port something already listens on. The server itself
 * would fail without saying why, or, for Redis, the bank would find the other one there.
 */
export async function requireFreePort(port: number, server: string): Promise<void> {
  if (await portInUse(port)) throw new PortInUseError(port, server);
}

/** A loopback port nothing listens on right now (the system picks it), for a server about to start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
