import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { integerSetting } from '../config.ts';
import { projectionsAt, waitForProjections } from '../event-store/consistency.ts';
import { parsePosition, type Position } from '../event-store/types.ts';
import type { Pool } from '../postgres/pool.ts';
import { ScopedStorage } from '../scoped-storage.ts';
import { messages } from './errors.ts';

/**
 * A read that carries X-Consistency-Token (the position a command answered with) must show that
 * command's effect: it waits until the read models it reads have caught up with the position. A
 * token that is not a position this server has issued gets 400 at once; one the read models do
 * not reach in time gets 503 (NOT_YET_CONSISTENT), never the stale data as if it were fresh.
 */

/** The read models did not reach the request's token in time: answered 503 by the app. */
export class NotYetConsistent extends Error {
  constructor() {
    super('The read models did not reach the consistency token in time');
  }
}

/** The 503 that NotYetConsistent, and a read the read models do not reach, answer with. */
export function sendNotYetConsistent(reply: FastifyReply) {
  return reply.code(503).header('retry-after', '1').send({
    status: 'error',
    message: messages.unavailable,
    code: 'NOT_YET_CONSISTENT',
  });
}

const INVALID_TOKEN = {
  status: 'error',
  message: 'The X-Consistency-Token header is not a position this bank has issued.',
  code: 'INVALID_CONSISTENCY_TOKEN',
} as const;

/** The request's token: undefined without one, 'invalid' when this bank never issued it. */
async function tokenOf(
  pool: Pool,
  request: FastifyRequest,
): Promise<Position | 'invalid' | undefined> {
  const header = request.headers['x-consistency-token'];
  if (header === undefined || header === '') return undefined;
  const position = typeof header === 'string' ? parsePosition(header) : undefined;
  return position && (await issued(pool, position)) ? position : 'invalid';
}

/**
 * preHandler hook (after authentication, so nobody can make the bank wait without signing in):
 * waits for the named read models before the handler runs. For routes whose reads are few and
 * known; a whole API of read-model routes uses `consistentReadModelReads`.
 */
export function consistentReads(
  pool: Pool,
  projections: readonly string[],
  timeoutMs = integerSetting('CONSISTENCY_WAIT_MS'),
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const position = await tokenOf(pool, request);
    if (position === undefined) return;
    if (position === 'invalid') return reply.code(400).send(INVALID_TOKEN);
    if (!(await waitForProjections(pool, position, projections, timeoutMs))) {
      return sendNotYetConsistent(reply);
    }
  };
}

interface PendingRead {
  position: Position | undefined;
  deadline: number;
  /** Read models seen at the position: the request's queries do not wait for them. */
  reached: Set<string>;
}

const pendingReads = new ScopedStorage<PendingRead>();
const scopeOf = new WeakMap<FastifyRequest, AsyncResource>();

export interface ReadModelsOfSql {
  /** The read models a statement reads (every one, when it cannot tell). */
  readBy: (sql: string) => readonly string[];
  all: readonly string[];
}

export interface ReadModelReads {
  /** The pool the routes read through: each query waits for the read models it reads. */
  pool: Pool;
  /** Requests with a token whose response is not yet done (each holds an async context open). */
  openRequests: () => number;
}

/**
 * Consistent reads for every route of `app` (a plugin's scope): the token is checked once, after
 * authentication, and then each query waits only for the read models whose tables it reads
 * (`readModels.readBy` its SQL), within one deadline for the whole request. A read model that is stuck
 * then holds back the pages that show it, and no other. Reads must go through the returned pool.
 */
export function consistentReadModelReads(
  app: FastifyInstance,
  pool: Pool,
  readModels: ReadModelsOfSql,
  timeoutMs = integerSetting('CONSISTENCY_WAIT_MS'),
): ReadModelReads {
  // A request with a token runs in its own async context: entered when it arrives, entered
  // again once its body is read (Node emits the body's events from another context), and closed
  // when its response is done. A request without one needs no context and pays for none.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers['x-consistency-token'] === undefined) return done();
    const { close } = pendingReads.open(
      { position: undefined, deadline: 0, reached: new Set() },
      () => {
        scopeOf.set(request, new AsyncResource('consistent-read'));
        done();
      },
    );
    reply.raw.once('close', close);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopeOf.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('preHandler', async (request, reply) => {
    const position = await tokenOf(pool, request);
    if (position === undefined) return;
    if (position === 'invalid') return reply.code(400).send(INVALID_TOKEN);
    const pending = pendingReads.getStore();
    if (!pending) {
      // Not in the request's context: wait for everything rather than answer stale data.
      if (!(await waitForProjections(pool, position, readModels.all, timeoutMs))) {
        return sendNotYetConsistent(reply);
      }
      return;
    }
    pending.position = position;
    pending.deadline = Date.now() + timeoutMs;
    // One look at every read model: a query then waits only if a read model it reads is behind.
    for (const name of await projectionsAt(pool, position, readModels.all)) {
      pending.reached.add(name);
    }
  });

  const awaitReadModels = async (pending: PendingRead, names: readonly string[]) => {
    const needed = names.filter((name) => !pending.reached.has(name));
    if (needed.length === 0) return;
    const left = Math.max(0, pending.deadline - Date.now());
    if (!(await waitForProjections(pool, pending.position!, needed, left))) {
      throw new NotYetConsistent();
    }
    for (const name of needed) pending.reached.add(name);
  };
  const query = ((config: string | { text: string }, values?: unknown) => {
    const pending = pendingReads.getStore();
    if (!pending?.position) return pool.query(config as string, values as unknown[]);
    const sql = typeof config === 'string' ? config : config.text;
    return awaitReadModels(pending, readModels.readBy(sql)).then(() =>
      pool.query(config as string, values as unknown[]),
    );
  }) as Pool['query'];
  // A client taken from the pool may read anything: it waits for every read model first.
  const connect = (async () => {
    const pending = pendingReads.getStore();
    if (pending?.position) await awaitReadModels(pending, readModels.all);
    return pool.connect();
  }) as Pool['connect'];
  const reads = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { pool: reads, openRequests: () => pendingReads.openContexts };
}

/**
 * Whether a position is one the bank has handed out: a command answers with the position of the
 * last event it appended, so an event is recorded exactly there. A transaction id the server has
 * issued is not enough: with a global position beyond the log's (or the id of a transaction that
 * wrote no event) no read model would reach it until others write, and every read carrying it
 * would wait the whole CONSISTENCY_WAIT_MS.
 */
async function issued(pool: Pool, position: Position): Promise<boolean> {
  if (position.transactionId >= 2n ** 64n || !Number.isSafeInteger(position.globalPosition)) {
    return false;
  }
  const { rows } = await pool.query<{ issued: boolean }>({
    name: 'consistency-token-issued',
    text: `SELECT EXISTS (SELECT 1 FROM events
       WHERE global_position = $2::bigint AND transaction_id = $1::text::xid8) AS issued`,
    values: [position.transactionId.toString(), position.globalPosition],
  });
  return rows[0]!.issued;
}
