import type { Server, Socket } from 'node:net';
import { compile } from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import type { TrustProxy } from '../config.ts';
import { httpConnectionsRefused } from '../observability/metrics.ts';
import { messages } from './errors.ts';

/**
 * How long a client may take to send a whole request, headers and body. Node's own limit is off
 * under Fastify unless set, and then a client sending a body a byte at a time holds its connection
 * for good: enough of them use up the process's file descriptors. A 5 MB photo still has a minute.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * How many connections one client address may hold open at once. Browsers open six per site; the
 * bank's own load tools open a few hundred from one machine. Past this a client would be holding
 * descriptors the process needs for everyone else.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 1024;

/**
 * Fastify's options for the request timeout, given to Node's server when it is made: set only
 * afterwards (as Fastify does), Node 20 left a request sent a byte at a time open for good.
 */
export function requestTimeoutOptions(requestTimeout = REQUEST_TIMEOUT_MS) {
  return {
    requestTimeout,
    http: {
      requestTimeout,
      // How often Node looks for overdue requests (every 30 s by default, half the limit again).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeout / 4)),
    },
  };
}

/**
 * The client a connection counts against: its address, or for IPv6 its /64 (one subscriber's
 * network, where each device may take any number of addresses).
 */
export function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/** Whether connections from `address` come from a proxy trusted to name its clients. */
function trustedProxy(trust: TrustProxy | undefined): (address: string) => boolean {
  if (trust === undefined || trust === false) return () => false;
  // A hop count trusts whoever connects: the proxies in front of the bank limit their clients.
  if (typeof trust === 'number') return () => trust > 0;
  const trusted = compile(trust);
  return (address) => trusted(address, 0);
}

const refusal = (() => {
  const body = JSON.stringify({ status: 'error', message: messages.rateLimited });
  return (
    'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 1\r\n' +
    'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
})();

/** How long a refused connection may linger while its answer is read. */
const REFUSED_LINGER_MS = 1_000;

export interface ConnectionLimitOptions {
  /** Connections one client may hold open at once; 0 turns the limit off. */
  maxPerClient: number;
  /** Connections from these proxies are not counted (they carry many clients' requests). */
  trustProxy?: TrustProxy | undefined;
  /**
   * Told when a client starts being refused (once until it is let in again, so a flood of
   * connections makes one log line; the metric counts each).
   */
  onRefused?: (client: string) => void;
}

/**
 * Caps the connections each client address holds open on `server`. A connection over the cap is
 * answered 429 and closed before Node's HTTP parser sees it, so it costs no request, no body and
 * no handler, and the client's own open connections carry on.
 */
export function limitConnectionsPerClient(server: Server, options: ConnectionLimitOptions): void {
  if (!(options.maxPerClient > 0)) return;
  const isProxy = trustedProxy(options.trustProxy);
  const open = new Map<string, number>();
  const refusing = new Set<string>();
  // Node's HTTP server sets a connection up in its own 'connection' listener: it runs only for
  // the connections let in.
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) {
      for (const listener of httpListeners) listener.call(server, socket);
      return;
    }
    const client = clientOf(address);
    const count = open.get(client) ?? 0;
    if (count >= options.maxPerClient) {
      httpConnectionsRefused.inc();
      if (!refusing.has(client)) {
        refusing.add(client);
        options.onRefused?.(client);
      }
      socket.on('error', () => {});
      socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
      socket.end(refusal);
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
      refusing.delete(client);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
}
