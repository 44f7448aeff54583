import { readFileSync } from 'node:fs';
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

/** Descriptors kept, at least, for what the bank opens itself: PostgreSQL, Redis, files. */
const DESCRIPTOR_RESERVE = 512;

/**
 * How many connections all clients together may hold open, from the process's limit on open files
 * (the soft `Max open files` of /proc/self/limits): that limit less a quarter of it, or less 512,
 * whichever leaves more for the bank's own descriptors, but at least half of it. Without it,
 * clients each within their own share (20 addresses, or the /64s of one /60, holding 1,000 each)
 * took every descriptor: every other client was turned away, and the bank could not open a
 * connection to its own database. No cap when the limit is unknown (no /proc) or unlimited.
 */
export function connectionBudget(limits: string | undefined): number {
  const soft = /^Max open files\s+(\d+)\s/m.exec(limits ?? '')?.[1];
  if (soft === undefined) return Infinity;
  const files = Number(soft);
  const reserve = Math.max(DESCRIPTOR_RESERVE, Math.floor(files / 4));
  return Math.max(Math.floor(files / 2), files - reserve);
}

/** This process's connection budget (connectionBudget of its own limits). */
export function processConnectionBudget(): number {
  try {
    return connectionBudget(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return Infinity;
  }
}

export interface ConnectionLimitOptions {
  /** Connections one client may hold open at once; 0 turns the limit off. */
  maxPerClient: number;
  /**
   * Connections all clients together may hold open (processConnectionBudget() when absent). At
   * the budget a newcomer is let in only if the client holding the most connections holds more
   * than it would: that client's oldest connection is closed to make room. So a client with a
   * few connections is always served, and whoever holds the most gives way first.
   */
  maxTotal?: number;
  /** Connections from these proxies are not counted (they carry many clients' requests). */
  trustProxy?: TrustProxy | undefined;
  /**
   * Told when a client starts being refused, or starts losing connections to the budget (once
   * until it is let in again, so a flood of connections makes one log line; the metric counts
   * each).
   */
  onRefused?: (client: string) => void;
}

/**
 * Caps the connections each client address holds open on `server`, and all of them together. A
 * connection over a client's cap is answered 429 and closed before Node's HTTP parser sees it, so
 * it costs no request, no body and no handler, and the client's own open connections carry on.
 */
export function limitConnectionsPerClient(server: Server, options: ConnectionLimitOptions): void {
  const perClient = options.maxPerClient > 0 ? options.maxPerClient : Infinity;
  const maxTotal = options.maxTotal ?? processConnectionBudget();
  if (perClient === Infinity && maxTotal === Infinity) return;
  const isProxy = trustedProxy(options.trustProxy);
  // Each client's open connections, oldest first (a Set keeps the order they were added in).
  const open = new Map<string, Set<Socket>>();
  let total = 0;
  const refusing = new Set<string>();
  const refused = (client: string) => {
    httpConnectionsRefused.inc();
    if (!refusing.has(client)) {
      refusing.add(client);
      options.onRefused?.(client);
    }
  };
  const biggestHolder = () => {
    let biggest: [string, Set<Socket>] | undefined;
    for (const entry of open) if (!biggest || entry[1].size > biggest[1].size) biggest = entry;
    return biggest;
  };
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
    const mine = open.get(client) ?? new Set<Socket>();
    let refuse = mine.size >= perClient;
    if (!refuse && total >= maxTotal) {
      const biggest = biggestHolder();
      if (biggest && biggest[1].size > mine.size + 1) {
        const oldest = biggest[1].values().next().value!;
        biggest[1].delete(oldest);
        if (biggest[1].size === 0) open.delete(biggest[0]);
        total -= 1;
        refused(biggest[0]);
        oldest.destroy();
      } else {
        refuse = true;
      }
    }
    if (refuse) {
      refused(client);
      socket.on('error', () => {});
      socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
      socket.end(refusal);
      return;
    }
    mine.add(socket);
    open.set(client, mine);
    total += 1;
    socket.once('close', () => {
      // A connection closed to make room was taken off already.
      if (mine.delete(socket)) {
        total -= 1;
        if (mine.size === 0 && open.get(client) === mine) open.delete(client);
      }
      refusing.delete(client);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
}
