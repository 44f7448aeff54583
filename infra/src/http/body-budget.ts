import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpBodiesRefused } from '../observability/metrics.ts';
import { clientOf } from './connection-guard.ts';
import { rateLimited } from './errors.ts';

/**
 * Bytes of request bodies all clients together may hold in memory while they are read and
 * handled. Each body has its own limit (256 KB for the API, more for a photo), but without an
 * overall one, many slow bodies at once (each within its limit, over connections within the
 * connection budget) held hundreds of megabytes: enough of them could take the process's memory.
 */
export const BODY_BYTES_BUDGET = 64 * 1024 * 1024;

/** A body being read or handled: whose it is, and the bytes of it counted so far. */
interface HeldBody {
  client: string;
  bytes: number;
  request: FastifyRequest;
  released: boolean;
}

export interface BodyBudgetOptions {
  /** Bytes all bodies together may hold (BODY_BYTES_BUDGET when absent). */
  maxBytes?: number;
  /**
   * Told when a client's body is refused, or its bodies are dropped to make room: once until one
   * of its bodies is answered again, so a flood makes one log line (the metric counts each).
   */
  onRefused?: (client: string) => void;
}

/**
 * Keeps the bytes of all request bodies held at once within a budget. At the budget, a body's
 * next bytes are let in only if another client holds more than this one would: that client's
 * bodies are dropped (their connections closed) to make room. Otherwise the body is refused with
 * 429. So a client sending a few small bodies is always served, and whoever holds the most gives
 * way first. A body's bytes count from its first byte until its answer is sent.
 */
export function limitBodyBytes(app: FastifyInstance, options: BodyBudgetOptions = {}): void {
  const maxBytes = options.maxBytes ?? BODY_BYTES_BUDGET;
  const held = new Map<string, Set<HeldBody>>();
  const bytesOf = new Map<string, number>();
  let total = 0;
  const refusing = new Set<string>();
  const refused = (client: string) => {
    httpBodiesRefused.inc();
    if (refusing.has(client)) return;
    // Clients that never send a body again stay listed: many addresses must not grow it for good.
    if (refusing.size >= 10_000) refusing.clear();
    refusing.add(client);
    options.onRefused?.(client);
  };

  // The client holding the most, kept as bodies grow; looked for again only after it gave some
  // back (a scan of every client on each chunk at the budget would be the stall this prevents).
  let biggest: string | undefined;
  let biggestStale = false;

  const release = (body: HeldBody) => {
    if (body.released) return;
    body.released = true;
    if (body.client === biggest && body.bytes > 0) biggestStale = true;
    total -= body.bytes;
    const left = (bytesOf.get(body.client) ?? 0) - body.bytes;
    const bodies = held.get(body.client);
    bodies?.delete(body);
    if (!bodies || bodies.size === 0) {
      held.delete(body.client);
      bytesOf.delete(body.client);
    } else {
      bytesOf.set(body.client, left);
    }
  };

  const biggestHolder = (): string | undefined => {
    if (biggestStale || (biggest !== undefined && !bytesOf.has(biggest))) {
      biggest = undefined;
      for (const [client, bytes] of bytesOf) {
        if (biggest === undefined || bytes > bytesOf.get(biggest)!) biggest = client;
      }
      biggestStale = false;
    }
    return biggest;
  };

  /** Makes room for `bytes` more of `body`, dropping the biggest holder's bodies; false: none. */
  const makeRoom = (body: HeldBody, bytes: number): boolean => {
    while (total + bytes > maxBytes) {
      const biggest = biggestHolder();
      const mine = bytesOf.get(body.client) ?? 0;
      if (biggest === undefined || biggest === body.client) return false;
      if (bytesOf.get(biggest)! <= mine + bytes) return false;
      refused(biggest);
      for (const dropped of [...held.get(biggest)!]) {
        release(dropped);
        dropped.request.raw.socket?.destroy();
      }
    }
    return true;
  };

  const take = (body: HeldBody, bytes: number): boolean => {
    if (body.released || !makeRoom(body, bytes)) return false;
    body.bytes += bytes;
    total += bytes;
    const mine = (bytesOf.get(body.client) ?? 0) + bytes;
    bytesOf.set(body.client, mine);
    if (!biggestStale && (biggest === undefined || mine > (bytesOf.get(biggest) ?? 0))) {
      biggest = body.client;
    }
    return true;
  };

  app.addHook('preParsing', (request, reply, payload, done) => {
    const headers = request.headers;
    // No body to count: most requests (GET, HEAD) carry none.
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      return done(null, payload);
    }
    const body: HeldBody = { client: clientOf(request.ip), bytes: 0, request, released: false };
    let bodies = held.get(body.client);
    if (!bodies) held.set(body.client, (bodies = new Set()));
    bodies.add(body);
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        // Answered already (a 415 answers before the body is read): the rest is dropped.
        if (body.released) return callback();
        if (take(body, chunk.length)) return callback(null, chunk);
        refused(body.client);
        release(body);
        reply.header('retry-after', '1');
        callback(rateLimited());
      },
    });
    // Fastify listens while it reads the body; an error once it stopped reading was answered.
    counted.on('error', () => {});
    payload.on('error', (error) => counted.destroy(error));
    reply.raw.once('close', () => {
      if (!body.released && reply.statusCode < 400) refusing.delete(body.client);
      release(body);
      // A body the answer did not wait for is read to its end and dropped, as Node does without
      // this hook, so the connection can carry its next request.
      payload.unpipe(counted);
      payload.resume();
    });
    done(null, payload.pipe(counted));
  });
}
