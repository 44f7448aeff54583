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

interface Queued {
  /** The statement's text with $n placeholders: consecutive equal ones may share a statement. */
  template: string;
  /** For a mergeable INSERT: its text up to VALUES, its rows as literals, and its ON CONFLICT. */
  insert?: { head: string; rows: string[]; tail: string };
  text?: string;
}

const INSERT_VALUES = /^\s*(INSERT\s+INTO\s+([\w."]+)\s*\([^()$]*\)\s*VALUES)\s*(\(.*\))\s*$/is;
const DO_NOTHING = /^ON\s+CONFLICT\s*(\([^()$]*\))?\s*DO\s+NOTHING\s*;?\s*$/i;

/**
 * Splits `INSERT INTO t (cols) VALUES (...) [ON CONFLICT [(...)] DO NOTHING]` into parts, when
 * several such statements may become one multi-row INSERT with the same effect: no DO UPDATE
 * (it may not touch a row twice in one statement) and no row reading the table it inserts into
 * (one statement would not see its own earlier rows), and no subquery in a row.
 */
function mergeableInsert(
  template: string,
): { head: string; row: string; tail: string } | undefined {
  const conflict = /\bON\s+CONFLICT\b/i.exec(template);
  const body = conflict ? template.slice(0, conflict.index) : template;
  const tail = conflict ? template.slice(conflict.index).trim() : '';
  if (tail && !DO_NOTHING.test(tail)) return undefined;
  const match = INSERT_VALUES.exec(body);
  if (!match) return undefined;
  const [, head, table, row] = match as unknown as [string, string, string, string];
  const bare = table.replaceAll('"', '').split('.').pop()!;
  if (new RegExp(`\\b${bare}\\b`, 'i').test(row)) return undefined;
  // A subquery per row makes one statement of thousands of subplans, far slower to plan.
  if (/\bSELECT\b/i.test(row)) return undefined;
  return { head, row, tail };
}

const mergeableCache = new Map<string, ReturnType<typeof mergeableInsert> | null>();

/**
 * A Db for batches: writes whose result nobody reads (INSERT/UPDATE/DELETE without RETURNING)
 * are queued and sent many statements to a round trip, consecutive INSERTs of the same text as
 * one multi-row INSERT; a read first sends what is queued, so handlers still see their own
 * writes. Handlers that inspect a write's rowCount get DeferredResultError, and the caller
 * applies that projection unbuffered. `opening` (statements without parameters) leads the first
 * round trip.
 */
export function writeBehindDb(client: PoolClient, maxQueued = 1000, opening?: string) {
  let queued: Queued[] = [];
  // Sent at the head of the first round trip (a batch's BEGIN and checkpoint lock).
  let pending = opening;
  let count = 0;
  const text = (q: Queued) =>
    q.insert ? `${q.insert.head} ${q.insert.rows.join(',\n')} ${q.insert.tail}` : q.text!;
  /** Sends what is queued, followed by `after` (statements without parameters), in one trip. */
  const flush = async (...after: string[]) => {
    const statements = [...(pending ? [pending] : []), ...queued.map(text), ...after];
    if (statements.length === 0) return;
    pending = undefined;
    queued = [];
    count = 0;
    await client.query(statements.join(';\n'));
  };
  const db: Db = {
    async query(sql, params) {
      if (PURE_WRITE.test(sql) && !RETURNING.test(sql)) {
        let parts = mergeableCache.get(sql);
        if (parts === undefined) {
          parts = mergeableInsert(sql) ?? null;
          if (mergeableCache.size < 1000) mergeableCache.set(sql, parts);
        }
        const last = queued[queued.length - 1];
        if (parts && last?.insert && last.template === sql) {
          last.insert.rows.push(inlineParameters(parts.row, params));
        } else if (parts) {
          const row = inlineParameters(parts.row, params);
          queued.push({
            template: sql,
            insert: { head: parts.head, rows: [row], tail: parts.tail },
          });
        } else {
          queued.push({ template: sql, text: inlineParameters(sql, params) });
        }
        count += 1;
        if (count >= maxQueued) await flush();
        return DEFERRED as never;
      }
      await flush();
      return client.query(sql, params as unknown[]) as never;
    },
  };
  return { db, flush };
}
