import type { Socket } from 'node:net';
import type { PoolClient } from '@bank/infra';
import type { QueryResult } from 'pg';
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

const PLACEHOLDER = /('(?:[^']|'')*')|\$(\d+)/g;

interface Queued {
  /** The statement's text with $n placeholders: consecutive equal ones may share a statement. */
  template: string;
  /** For a mergeable INSERT: its text up to VALUES, its row, its ON CONFLICT, and each row's values. */
  insert?: { head: string; row: string; tail: string; rows: (readonly unknown[])[] };
  params?: readonly unknown[];
}

/** PostgreSQL's limit on the parameters of one statement is 65,535: stay well under it. */
const MAX_PARAMS = 30_000;

/** The highest `$n` (outside quoted text) in a statement. */
function placeholderCount(sql: string): number {
  let highest = 0;
  for (const [, quoted, n] of sql.matchAll(PLACEHOLDER)) {
    if (!quoted) highest = Math.max(highest, Number(n));
  }
  return highest;
}

/** `$n` placeholders (outside quoted text) shifted by `offset`. */
function renumber(sql: string, offset: number): string {
  if (offset === 0) return sql;
  return sql.replace(PLACEHOLDER, (match, quoted: string | undefined, n: string) =>
    quoted ? match : `$${Number(n) + offset}`,
  );
}

/** A statement as sent: its values bound as parameters, never inlined into its text. */
export interface Statement {
  text: string;
  values: unknown[];
  /** Set when the statement is sent prepared: each connection parses it once. */
  name?: string;
}

/**
 * Statements with parameters are sent as named prepared statements, so that PostgreSQL parses
 * each text once per connection instead of in every batch of a live stream (a few events each);
 * how they are planned is set by the transaction (applyingSettings). Multi-row INSERTs are named
 * up to a few rows (each row count is its own text); the bound keeps what each connection holds
 * small.
 */
const PREPARED_ROWS = 4;
const MAX_PREPARED = 1000;
const preparedNames = new Map<string, string>();
let namesGiven = 0;

function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `write-behind-${namesGiven++}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * A chunk whose read reached the head of the log (or of its Kafka partition) is a live stream's
 * when it holds up to this many events: a few per poll in scale mode's workers, a few dozen to a
 * few hundred in the one-process bank at saturation. A chunk read behind the head is a catch-up's
 * (the embedded runner's batches of 500, a rebuild's of thousands, a worker's full fetch).
 */
export const LIVE_CHUNK_EVENTS = 500;

/** Whether a chunk is a live stream's: read at the head, and no larger than a live poll's. */
const isLiveChunk = (events: number, atHead: boolean): boolean =>
  atHead && events <= LIVE_CHUNK_EVENTS;

/**
 * The settings of a transaction that applies `events` events, read at the head of the log or
 * behind it. It does not wait for the disk: a read model is derived from the durable log and its
 * progress commits with its rows, so a crash loses only a tail that is applied again.
 *
 * How its prepared statements are planned depends on the chunk. A live stream's chunk touches a
 * few rows by key, and planning the same statements again for every chunk took a third of the
 * server's statement time in bench:scale's lag phase: such a chunk reuses each statement's
 * generic plan, made with hash and merge joins and sequential scans ruled out, because that plan
 * is made for arrays of about ten and would otherwise hash whole read-model tables (2.1 ms of the
 * server's CPU per deposit on a 150,000-event log, against 1.4 ms planned per call). A catch-up's
 * statements are planned for their real arrays every time, where hashing may be right: generic
 * key probes made the embedded runner's catch-up a quarter slower per event. Whether the read
 * reached the head decides it, not the chunk's size alone: at saturation the one-process bank's
 * live chunks run to a few hundred events, as many as a catch-up's.
 */
export function applyingSettings(events: number, atHead: boolean): string {
  const settings = ['synchronous_commit = off'];
  if (isLiveChunk(events, atHead)) {
    settings.push(
      'plan_cache_mode = force_generic_plan',
      'enable_hashjoin = off',
      'enable_mergejoin = off',
      'enable_seqscan = off',
    );
  } else {
    settings.push('plan_cache_mode = force_custom_plan');
  }
  return settings.map((setting) => `SET LOCAL ${setting}`).join('; ');
}

/** Opens a transaction that applies a chunk of this many events (see applyingSettings). */
export const beginApplying = (events: number, atHead: boolean) =>
  `BEGIN; ${applyingSettings(events, atHead)}`;

/** A text of statements without parameters, or statements, as statements to send in order. */
export const statementsOf = (texts: string | readonly Statement[]): readonly Statement[] =>
  typeof texts === 'string' ? [{ text: texts, values: [] }] : texts;

/** A statement with its values, sent prepared when it has any. */
export const prepared = (text: string, values: readonly unknown[] = []): Statement => ({
  text,
  values: [...values],
  name: values.length > 0 ? preparedName(text) : undefined,
});

/**
 * A plan PostgreSQL cached for a statement that reads a table whose columns changed since (a
 * migration while this process runs) cannot be used again on that connection: the statement
 * gets a new name, so the next try parses it afresh.
 */
function forgetStalePlans(statements: readonly Statement[], error: unknown): void {
  const { code, message } = error as { code?: string; message?: string };
  if (code !== '0A000' || !message?.includes('cached plan must not change result type')) return;
  for (const s of statements) if (s.name) preparedNames.delete(s.text);
}

/** The statement a queued write is sent as, with its values as bound parameters. */
function statementOf(q: Queued): Statement {
  if (!q.insert) return prepared(q.template, q.params);
  const { head, row, tail, rows } = q.insert;
  const width = placeholderCount(row);
  const values: unknown[] = [];
  const texts = rows.map((params, i) => {
    for (let n = 0; n < width; n += 1) values.push(params[n]);
    return renumber(row, i * width);
  });
  const text = `${head} ${texts.join(',\n')} ${tail}`;
  return rows.length <= PREPARED_ROWS ? prepared(text, values) : { text, values };
}

/**
 * Sends statements in order, in one round trip where node-postgres can pipeline (8.23 and later):
 * the client is this batch's alone and idle, so it pipelines until every answer is in. Each
 * statement has its own Sync, so one that fails leaves the rest to fail inside the aborted
 * transaction (a COMMIT among them does not run: it shares its text with the checkpoint move).
 * Returns each statement's result; throws the first failure.
 */
export async function sendInOrder(
  client: PoolClient,
  statements: readonly Statement[],
): Promise<QueryResult[]> {
  const send = (s: Statement): Promise<QueryResult> =>
    s.values.length > 0 ? client.query(s) : client.query(s.text);
  const pipelining = client as unknown as { pipeline?: boolean };
  try {
    if (statements.length < 2 || typeof pipelining.pipeline !== 'boolean' || pipelining.pipeline) {
      const results: QueryResult[] = [];
      for (const statement of statements) results.push(await send(statement));
      return results;
    }
    pipelining.pipeline = true;
    // node-postgres writes each query to the socket on its own (a system call each): held back
    // until all are submitted, the round trip's queries leave in one write.
    const socket = (client as unknown as { connection?: { stream?: Partial<Socket> } }).connection
      ?.stream;
    let settled: PromiseSettledResult<QueryResult>[];
    try {
      socket?.cork?.();
      let sent: Promise<QueryResult>[];
      try {
        sent = statements.map(send);
      } finally {
        socket?.uncork?.();
      }
      settled = await Promise.allSettled(sent);
    } finally {
      pipelining.pipeline = false;
    }
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((r) => (r as PromiseFulfilledResult<QueryResult>).value);
  } catch (error) {
    forgetStalePlans(statements, error);
    throw error;
  }
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
 * Rows in an array parameter from which a write is sent at once, after what is queued, rather
 * than kept queued: a set-based statement over thousands of rows is a round trip's worth of work
 * on its own.
 */
export const BULK_ROWS = 1000;

const isBulk = (params: readonly unknown[] | undefined) =>
  params?.some((p) => (Array.isArray(p) || p instanceof ArrayParam) && p.length >= BULK_ROWS) ??
  false;

const mergeableCache = new Map<string, ReturnType<typeof mergeableInsert> | null>();

/**
 * A Db for batches: writes whose result nobody reads (INSERT/UPDATE/DELETE without RETURNING)
 * are queued and handed to the connection together, consecutive INSERTs of the same text as one
 * multi-row INSERT; every value goes as a bound parameter, never inlined into the SQL text. A
 * read first sends what is queued, so handlers still see their own writes. Handlers that inspect a write's rowCount get DeferredResultError, and the caller
 * applies that projection unbuffered. A write with an array parameter of BULK_ROWS or more goes
 * out at once with its parameters, after what is queued. `opening` (a text of statements without
 * parameters, or statements) leads the first round trip.
 */
export function writeBehindDb(
  client: PoolClient,
  maxQueued = 1000,
  opening?: string | readonly Statement[],
) {
  let queued: Queued[] = [];
  // Sent at the head of the first round trip (a batch's BEGIN and checkpoint lock).
  let pending = statementsOf(opening ?? []);
  let count = 0;
  /** What is queued (behind the opening, if not sent yet), as statements; the queue emptied. */
  const take = (): Statement[] => {
    const statements = [...pending, ...queued.map(statementOf)];
    pending = [];
    queued = [];
    count = 0;
    return statements;
  };
  /**
   * Sends what is queued, followed by `after` in order (texts without parameters, sent together,
   * or statements); the first failure is thrown (the caller rolls the transaction back).
   */
  const flush = async (...after: (string | Statement)[]) => {
    const closing: Statement[] = [];
    let texts: Statement | undefined;
    for (const item of after) {
      if (typeof item !== 'string') {
        closing.push(item);
        texts = undefined;
      } else if (texts) {
        texts.text = `${texts.text};\n${item}`;
      } else {
        texts = { text: item, values: [] };
        closing.push(texts);
      }
    }
    await sendInOrder(client, [...take(), ...closing]);
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
        const values = params ?? [];
        if (
          parts &&
          last?.insert &&
          last.template === sql &&
          (last.insert.rows.length + 1) * Math.max(1, values.length) <= MAX_PARAMS
        ) {
          last.insert.rows.push(values);
        } else if (parts) {
          queued.push({ template: sql, insert: { ...parts, rows: [values] } });
        } else {
          queued.push({ template: sql, params: values });
        }
        count += 1;
        if (count >= maxQueued) await flush();
        return DEFERRED as never;
      }
      // The read goes in the same round trip as the writes queued before it, which it sees.
      const results = await sendInOrder(client, [...take(), prepared(sql, params ?? [])]);
      return results[results.length - 1] as never;
    },
  };
  return { db, flush };
}
