import { ledgerAccounts } from '@bank/events';
import { forEachInTurns, isSealed, mapInTurns, type EventRow, type Pool } from '@bank/infra';
import {
  applyBalanceEvent,
  emptyFigures,
  isBalanceEvent,
  type AccountFigures,
  type BalanceEventData,
} from './balance-fold.ts';
import { readStoredEvent, type SkippedAuditEvent } from './readable.ts';

/** An event exactly as stored, with where it sits in the log and who caused it. */
export interface AuditEvent {
  eventId: string;
  position: number;
  transactionId: string;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: Date;
  hash: string;
}

const AUDIT_COLUMNS = `event_id, global_position, transaction_id::text AS transaction_id, stream_id,
  stream_version, type, schema_version, data, metadata, recorded_at, encode(hash, 'hex') AS hash`;

/** An events row as AUDIT_COLUMNS selects it: the store's row, with its hash. */
type AuditRow = Omit<EventRow, 'data' | 'metadata'> & {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  hash: string;
};

const toAuditEvent = (row: AuditRow): AuditEvent => ({
  eventId: row.event_id,
  position: row.global_position,
  transactionId: row.transaction_id,
  streamId: row.stream_id,
  version: row.stream_version,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
  hash: row.hash,
});

export const accountStream = (accountId: string) => `account-${accountId}`;

export interface AccountInfo {
  accountId: string;
  customerId: string;
  accountNumber: string;
  /** The bank's routing number the account was opened under. */
  routingNumber: string;
  name: string;
  type: string;
  openedAt: Date;
}

/** The account as its AccountOpened event recorded it; undefined when the log has no such account. */
export async function accountInfo(pool: Pool, accountId: string): Promise<AccountInfo | undefined> {
  const { rows } = await pool.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM events WHERE stream_id = $1 AND type = 'AccountOpened'
     ORDER BY stream_version LIMIT 1`,
    [accountStream(accountId)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    accountId,
    customerId: String(row.data.customerId),
    accountNumber: String(row.data.accountNumber),
    routingNumber: String(row.data.routingNumber),
    name: String(row.data.name),
    type: String(row.data.type),
    openedAt: row.recorded_at,
  };
}

/**
 * The id of the account the log opened under this account number (the number the customer signs
 * in with and statements name), or undefined when the log opened none under it.
 */
export async function accountIdByNumber(
  pool: Pool,
  accountNumber: string,
): Promise<string | undefined> {
  const { rows } = await pool.query<{ stream_id: string }>(
    `SELECT stream_id FROM events WHERE type = 'AccountOpened' AND data->>'accountNumber' = $1
     ORDER BY global_position LIMIT 1`,
    [accountNumber],
  );
  return rows[0]?.stream_id.slice(accountStream('').length);
}

/** One page of an account stream's events, in version order. */
export async function accountEvents(
  pool: Pool,
  accountId: string,
  page: { afterVersion?: number; limit?: number } = {},
): Promise<AuditEvent[]> {
  const { rows } = await pool.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2
     ORDER BY stream_version LIMIT $3`,
    [accountStream(accountId), page.afterVersion ?? 0, page.limit ?? 1000],
  );
  return rows.map(toAuditEvent);
}

type BalanceRead =
  | { data: BalanceEventData; skipped?: undefined }
  | { data?: undefined; skipped: SkippedAuditEvent };

/**
 * A balance event read as the latest schema version, validated as the bank's read models read
 * it; one they pass over (its data fails its schema: `amount: "oops"`) is passed over here too,
 * and named, rather than folded into NaN.
 */
function readBalanceEvent(event: AuditEvent): BalanceRead {
  const read = readStoredEvent(event, event.data);
  if (read.readable) return { data: read.data as BalanceEventData };
  return {
    skipped: {
      streamId: event.streamId,
      version: event.version,
      position: event.position,
      type: event.type,
      schemaVersion: event.schemaVersion,
      reason: read.reason,
      problem: read.problem,
    },
  };
}

/**
 * When a posting counts: its value date (occurredAt) if it has one, else when it was recorded.
 * The customer's transaction list dates postings the same way. Holds count from when recorded.
 */
export function effectiveAt(event: AuditEvent, data: BalanceEventData): Date {
  const posting = event.type === 'AccountCredited' || event.type === 'AccountDebited';
  return posting && data.occurredAt ? new Date(data.occurredAt) : event.recordedAt;
}

async function balanceEvents(pool: Pool, accountId: string): Promise<AuditEvent[]> {
  const { rows } = await pool.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM events WHERE stream_id = $1 AND type = ANY($2)
     ORDER BY stream_version`,
    [accountStream(accountId), ['AccountCredited', 'AccountDebited', 'FundsHeld', 'HoldReleased']],
  );
  return rows.map(toAuditEvent);
}

export interface BalanceAt {
  at: Date;
  balance: number;
  held: number;
  available: number;
  eventsApplied: number;
  /** The last event taken into account. */
  lastEvent: { version: number; position: number } | undefined;
  /**
   * Balance events recorded by then that cannot be read (the bank's read models pass over them
   * too): left out of the figures.
   */
  skipped: SkippedAuditEvent[];
}

/** The account's balance and holds at an instant, folded from its events alone. */
export async function balanceAt(pool: Pool, accountId: string, at: Date): Promise<BalanceAt> {
  const figures = emptyFigures();
  let applied = 0;
  let lastEvent: BalanceAt['lastEvent'];
  const skipped: SkippedAuditEvent[] = [];
  for (const event of await balanceEvents(pool, accountId)) {
    if (!isBalanceEvent(event.type)) continue;
    const { data, skipped: unreadable } = readBalanceEvent(event);
    if (unreadable) {
      // Its value date cannot be trusted: it counts as of when it was recorded.
      if (event.recordedAt <= at) skipped.push(unreadable);
      continue;
    }
    if (effectiveAt(event, data) > at) continue;
    applyBalanceEvent(figures, event.type, data);
    applied += 1;
    lastEvent = { version: event.version, position: event.position };
  }
  return {
    at,
    balance: figures.balance,
    held: figures.held,
    available: figures.balance - figures.held,
    eventsApplied: applied,
    lastEvent,
    skipped,
  };
}

export interface StatementLine {
  date: Date;
  description: string;
  reference: string;
  kind: string;
  /** The posting's entry: the movement it is one leg of. */
  entryId: string;
  /** Paid to (or given back from) the bank's fee income: a transfer's fee, the crypto desk's 1%. */
  fee: boolean;
  /** Signed cents: credits positive, debits negative. */
  amount: number;
  balanceAfter: number;
  version: number;
  position: number;
}

export interface Statement {
  account: AccountInfo;
  from: Date;
  /** Exclusive end of the period. */
  to: Date;
  openingBalance: number;
  closingBalance: number;
  totalCredits: number;
  totalDebits: number;
  /** Of the credits, what the bank paid as interest (postings of kind `interest`). */
  totalInterest: number;
  /**
   * What the bank charged as fees: the postings paid to its fee income (a transfer's fee, the
   * crypto desk's 1%), less any of them given back.
   */
  totalFees: number;
  lines: StatementLine[];
}

const POSTING_TYPES = ['AccountCredited', 'AccountDebited'];
/**
 * A posting whose amount and value date the database may sum: schema version 1, an amount that is
 * a whole number of cents, and a value date that is absent or an instant. Any other posting (one
 * the bank's readers may pass over as unreadable: `amount: "oops"`) is read and decided by the
 * fold, rather than cast here, which would fail the whole statement.
 */
const SUMMABLE = `(schema_version = 1
  AND jsonb_typeof(data -> 'amount') = 'number' AND data ->> 'amount' ~ '^[0-9]{1,15}$'
  AND (NOT data ? 'occurredAt' OR (jsonb_typeof(data -> 'occurredAt') = 'string'
       AND pg_input_is_valid(data ->> 'occurredAt', 'timestamptz'))))`;
/** `effectiveAt` of a posting, in SQL: only where SUMMABLE holds (its value date casts). */
const POSTING_AT = "coalesce((data ->> 'occurredAt')::timestamptz, recorded_at)";
/**
 * How far around a period the postings are read rather than summed: the database's instants
 * (microseconds) and a Date's (milliseconds) may round a posting at the very edge differently,
 * so the fold below, not the database, decides which side of the edge such a posting is on.
 */
const EDGE_MS = 1000;
const LAST_INSTANT_MS = 8.64e15;
const edge = (at: Date, by: number) =>
  new Date(Math.max(-LAST_INSTANT_MS, Math.min(LAST_INSTANT_MS, at.getTime() + by)));

/**
 * The postings a period needs, in one snapshot: the total of every posting well before `from`,
 * summed by the database (a long-lived account has hundreds of thousands of them, which a fold
 * here read, decoded and added up for every statement and receipt), and the postings around and
 * in the period, read. Postings stored in another schema version, or not SUMMABLE, are always
 * read, and upcast (or passed over) by the fold, so the sum only ever reads the version whose
 * amount it knows.
 */
async function postingsAround(
  pool: Pool,
  accountId: string,
  from: Date,
  to: Date,
): Promise<{ earlier: number; events: AuditEvent[] }> {
  const { rows } = await pool.query<AuditRow & { earlier: string }>(
    `WITH earlier AS (
       SELECT coalesce(sum(CASE WHEN type = 'AccountCredited' THEN 1 ELSE -1 END
                           * (data ->> 'amount')::bigint), 0)::text AS earlier
       FROM events
       WHERE stream_id = $1 AND type = ANY($2)
         AND CASE WHEN ${SUMMABLE} THEN ${POSTING_AT} < $3 ELSE false END)
     SELECT earlier.earlier, postings.* FROM earlier LEFT JOIN LATERAL (
       SELECT ${AUDIT_COLUMNS} FROM events
       WHERE stream_id = $1 AND type = ANY($2)
         AND CASE WHEN ${SUMMABLE} THEN ${POSTING_AT} >= $3 AND ${POSTING_AT} < $4 ELSE true END
     ) postings ON true
     ORDER BY postings.stream_version`,
    [accountStream(accountId), POSTING_TYPES, edge(from, -EDGE_MS), edge(to, EDGE_MS)],
  );
  return {
    earlier: Number(rows[0]?.earlier ?? 0),
    events: await mapInTurns(
      rows.filter((row) => row.stream_id !== null),
      toAuditEvent,
    ),
  };
}

/**
 * The account's balance just after one of its postings (by log position), as its statement line
 * shows it; undefined when no posting of the account is there.
 */
export async function balanceAfterPosting(
  pool: Pool,
  account: AccountInfo,
  position: number,
): Promise<number | undefined> {
  const { rows } = await pool.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM events
     WHERE global_position = $1 AND stream_id = $2 AND type = ANY($3)`,
    [position, accountStream(account.accountId), POSTING_TYPES],
  );
  if (!rows[0]) return undefined;
  const posting = toAuditEvent(rows[0]);
  const { data } = readBalanceEvent(posting);
  if (!data) return undefined; // a posting that cannot be read moved no balance
  // The statement of the posting's own millisecond: its opening is every posting before it.
  const at = effectiveAt(posting, data);
  const statement = await buildStatement(pool, account, at, new Date(at.getTime() + 1));
  return statement.lines.find((line) => line.position === position)?.balanceAfter;
}

/**
 * Postings whose value date falls in [from, to), with the opening balance (every posting
 * before `from`) and the running balance; closing = opening + the lines, by construction and
 * checked here.
 */
export async function buildStatement(
  pool: Pool,
  account: AccountInfo,
  from: Date,
  to: Date,
  /** Opens sealed personal data (the descriptions) with the customers' keys, where available. */
  open?: (rows: { type: string; data: unknown }[]) => Promise<void>,
): Promise<Statement> {
  const { earlier, events } = await postingsAround(pool, account.accountId, from, to);
  let opening = earlier;
  const inPeriod: { event: AuditEvent; data: BalanceEventData; date: Date }[] = [];
  // A month may hold tens of thousands of postings (the customer decides): folded in turns.
  await forEachInTurns(events, (event) => {
    const { data } = readBalanceEvent(event);
    if (!data) return; // passed over, as the bank's read models pass over it
    const date = effectiveAt(event, data);
    const signed = event.type === 'AccountCredited' ? (data.amount ?? 0) : -(data.amount ?? 0);
    if (date < from) opening += signed;
    else if (date < to) inPeriod.push({ event, data, date });
  });
  inPeriod.sort((a, b) => a.date.getTime() - b.date.getTime() || a.event.version - b.event.version);
  await open?.(inPeriod.map(({ event, data }) => ({ type: event.type, data })));
  let running = opening;
  let credits = 0;
  let debits = 0;
  let fees = 0;
  const lines = await mapInTurns(inPeriod, ({ event, data, date }): StatementLine => {
    const posting = data as BalanceEventData & {
      description?: string;
      reference?: string;
      kind?: string;
      entryId?: string;
    };
    const amount = event.type === 'AccountCredited' ? (data.amount ?? 0) : -(data.amount ?? 0);
    running += amount;
    // A fee is money paid to the bank's fee income, whatever the movement it came with.
    const fee = posting.kind === 'fee' || posting.contra === ledgerAccounts.feeIncome;
    if (fee) fees -= amount;
    if (amount >= 0) credits += amount;
    else debits -= amount;
    return {
      date,
      // Without the keys (the CLI without SECRETS_KEY) a sealed description stays unread.
      description: isSealed(posting.description) ? '[sealed]' : (posting.description ?? ''),
      reference: posting.reference ?? '',
      kind: posting.kind ?? '',
      entryId: posting.entryId ?? '',
      fee,
      amount,
      balanceAfter: running,
      version: event.version,
      position: event.position,
    };
  });
  if (opening + credits - debits !== running) throw new Error('statement does not add up');
  const totalOfKind = (kind: string) =>
    lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount, 0);
  return {
    account,
    from,
    to,
    openingBalance: opening,
    closingBalance: running,
    totalCredits: credits,
    totalDebits: debits,
    totalInterest: totalOfKind('interest'),
    totalFees: fees,
    lines,
  };
}

export interface ReplayStep {
  event: AuditEvent;
  /** Every account of the customer that the log has shown so far, after this event. */
  balances: Record<string, { balance: number; held: number; available: number }>;
}

/**
 * The customer's whole history in log order: every stream that names the customer (profile,
 * accounts, notifications, payments...), each event followed by the balances derived so far.
 */
export async function* replayCustomer(
  pool: Pool,
  customerId: string,
  batchSize = 5000,
): AsyncGenerator<ReplayStep> {
  const { rows: streamRows } = await pool.query<{ stream_id: string }>(
    `SELECT DISTINCT stream_id FROM events
     WHERE data ? 'customerId' AND data ->> 'customerId' = $1`,
    [customerId],
  );
  const streamIds = streamRows.map((r) => r.stream_id);
  if (streamIds.length === 0) return;
  const accounts = new Map<string, AccountFigures>();
  let after = { txid: '0', position: 0 };
  for (;;) {
    const { rows } = await pool.query<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} FROM events
       WHERE stream_id = ANY($1) AND (transaction_id, global_position) > ($2::text::xid8, $3::bigint)
       ORDER BY events.transaction_id, events.global_position LIMIT $4`,
      [streamIds, after.txid, after.position, batchSize],
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const event = toAuditEvent(row);
      if (event.streamId.startsWith('account-')) {
        const accountId = event.streamId.slice('account-'.length);
        if (event.type === 'AccountOpened') accounts.set(accountId, emptyFigures());
        const figures = accounts.get(accountId);
        if (figures && isBalanceEvent(event.type)) {
          const { data } = readBalanceEvent(event);
          if (data) applyBalanceEvent(figures, event.type, data);
        }
      }
      const balances: ReplayStep['balances'] = {};
      for (const [accountId, f] of accounts) {
        balances[accountId] = { balance: f.balance, held: f.held, available: f.balance - f.held };
      }
      yield { event, balances };
    }
    const last = rows[rows.length - 1]!;
    after = { txid: last.transaction_id, position: last.global_position };
  }
}

export async function customerExists(pool: Pool, customerId: string): Promise<boolean> {
  const { rowCount } = await pool.query(`SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1`, [
    `customer-${customerId}`,
  ]);
  return (rowCount ?? 0) > 0;
}
