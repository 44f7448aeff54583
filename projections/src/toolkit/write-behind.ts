import type { PoolClient } from '@bank/infra';
import pg from 'pg';
import type { Db } from '../projection.ts';

/** Thrown when a handler reads the result of a write that was deferred. */
export class DeferredResultError extends Error {
  constructor() {
    super('A handler read the result of a deferred write: rebuilding this projection unbuffered.');
  }
}

const DEFERRED = Object.freeze({
  get rows(): never {
    throw new DeferredResultError();
  },
  get rowCount(): never {
    throw new DeferredResultError();
  },
});

const PURE_WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;
const RETURNING = /\bRETURNING\b/i;

const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils
  .prepareValue;

/** A parameter as an SQL literal, converted exactly as node-postgres would send it. */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  const text = Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : String(prepared);
  return pg.escapeLiteral(text);
}

/** Replaces $n placeholders (outside quoted text) with literals. */
export function inlineParameters(sql: string, params: readonly unknown[] = []): string {
  return sql.replace(/('(?:[^']|'')*')|\$(\d+)/g, (match, quoted: string | undefined, n: string) =>
    quoted ? match : literal(params[Number(n) - 1]),
  );
}

/**
 * A Db for rebuilds: writes whose result nobody reads (INSERT/UPDATE/DELETE without RETURNING)
 * are queued and sent many statements to a round trip; a read first sends what is queued, so
 * handlers still see their own writes. Handlers that inspect a write's rowCount get
 * DeferredResultError, and the caller rebuilds that projection unbuffered.
 */
export function writeBehindDb(client: PoolClient, maxQueued = 1000) {
  let queued: string[] = [];
  const flush = async () => {
    if (queued.length === 0) return;
    const text = queued.join(';\n');
    queued = [];
    await client.query(text);
  };
  const db: Db = {
    async query(sql, params) {
      if (PURE_WRITE.test(sql) && !RETURNING.test(sql)) {
        queued.push(inlineParameters(sql, params));
        if (queued.length >= maxQueued) await flush();
        return DEFERRED as never;
      }
      await flush();
      return client.query(sql, params as unknown[]) as never;
    },
  };
  return { db, flush };
}
