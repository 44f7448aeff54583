import type { PoolClient } from '@bank/infra';
import pg from 'pg';
import type { Db } from '../projection.ts';
import { ArrayParam } from './array-param.ts';

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

/**
 * The same text as pg.escapeLiteral, built by whole-string replaces: escapeLiteral appends one
 * character at a time, which on the large array literals of a set-based run made garbage
 * collection most of a rebuild's time.
 */
export function escapeLiteral(text: string): string {
  const quoted = text.includes("'") ? text.replaceAll("'", "''") : text;
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A parameter as an SQL literal, converted exactly as node-postgres would send it. */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  const text = Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : String(prepared);
  return escapeLiteral(text);
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

/**
 * Rows in an array parameter from which a write is sent with its parameters, in a round trip of
 * its own, rather than inlined: a set-based statement over thousands of rows as literals costs
 * Node the escaping and PostgreSQL the scanning of megabytes of SQL text, which is more than the
 * round trip saved (measured on 5,000 postings: 150 ms inlined, 95 ms with parameters).
 */
export const BULK_ROWS = 1000;

const isBulk = (params: readonly unknown[] | undefined) =>
  params?.some((p) => (Array.isArray(p) || p instanceof ArrayParam) && p.length >= BULK_ROWS) ??
  false;

const mergeableCache = new Map<string, ReturnType<typeof mergeableInsert> | null>();

/**
 * A Db for batches: writes whose result nobody reads (INSERT/UPDATE/DELETE without RETURNING)
 * are queued and sent many statements to a round trip, consecutive INSERTs of the same text as
 * one multi-row INSERT; a read first sends what is queued, so handlers still see their own
 * writes. Handlers that inspect a write's rowCount get DeferredResultError, and the caller
 * applies that projection unbuffered. A write with an array parameter of BULK_ROWS or more goes
 * out at once with its parameters, after what is queued. `opening` (statements without parameters)
 * leads the first round trip.
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
      if (PURE_WRITE.test(sql) && !RETURNING.test(sql) && !isBulk(params)) {
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
