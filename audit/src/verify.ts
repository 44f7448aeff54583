import { createHash } from 'node:crypto';
import { catalogue } from '@bank/events';
import { ChainHasher, HASHED_COLUMNS_SQL, type Pool, type PoolClient } from '@bank/infra';
import {
  applyBalanceEvent,
  BALANCE_EVENT_TYPES,
  emptyFigures,
  isBalanceEvent,
  ledgerLeg,
  type AccountFigures,
  type BalanceEventData,
} from './balance-fold.ts';
import { clearingBreaks, CoinFold, isCoinEvent } from './custody.ts';
import type { PublishedHead } from './published-digests.ts';

export interface EventRef {
  stream: string;
  version: number;
  position: number;
}

export type FindingKind =
  | 'tampered_event'
  | 'missing_event'
  | 'reordered_event'
  | 'unreadable_event'
  | 'balance_mismatch'
  | 'held_mismatch'
  | 'ledger_mismatch'
  | 'account_missing_from_read_model'
  | 'account_unknown_to_log'
  | 'rewritten_since_published'
  | 'truncated_since_published'
  | 'custody_shortfall'
  | 'coin_overdrawn'
  | 'clearing_mismatch'
  | 'clearing_out_of_bounds';

export interface Finding {
  kind: FindingKind;
  message: string;
  /** The event that caused the difference (or, for a read model, the last event it should show). */
  event?: EventRef;
  accountId?: string;
  ledgerAccount?: string;
  readModel?: number;
  derived?: number;
}

export interface VerifyReport {
  events: number;
  streams: number;
  accounts: number;
  findings: Finding[];
  /** SHA-256 over every stream's last hash, in stream order: record it to detect later truncation. */
  logDigest: string;
  elapsedMs: number;
  eventsPerSecond: number;
}

export interface VerifyOptions {
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** The projection whose read models (rm_accounts, rm_ledger_balances) are compared. */
  accountsProjection?: string;
  /**
   * Stream heads published earlier (readPublishedHeads): each must still be in its stream's
   * chain, at its version, with its hash.
   */
  published?: ReadonlyMap<string, PublishedHead>;
}

interface Checkpoint {
  transactionId: bigint;
  globalPosition: number;
}

interface ReadModelSnapshot {
  checkpoint: Checkpoint;
  accounts: Map<string, { balance: number; held: number }>;
  ledger: Map<string, number>;
}

/** Read models and the position they reflect, read in the snapshot the log is then scanned in. */
async function readModelSnapshot(
  client: PoolClient,
  projection: string,
): Promise<ReadModelSnapshot> {
  const checkpoint = await client.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM projection_positions
     WHERE projection = $1`,
    [projection],
  );
  const accounts = await client.query<{
    account_id: string;
    balance_cents: number;
    held_cents: number;
  }>('SELECT account_id, balance_cents, held_cents FROM rm_accounts');
  const ledger = await client.query<{ ledger_account: string; balance_cents: number }>(
    'SELECT ledger_account, balance_cents FROM ledger_balances()',
  );
  const row = checkpoint.rows[0];
  return {
    checkpoint: row
      ? { transactionId: BigInt(row.transaction_id), globalPosition: row.global_position }
      : { transactionId: 0n, globalPosition: 0 },
    accounts: new Map(
      accounts.rows.map((r) => [r.account_id, { balance: r.balance_cents, held: r.held_cents }]),
    ),
    ledger: new Map(ledger.rows.map((r) => [r.ledger_account, r.balance_cents])),
  };
}

const asText = { getTypeParser: () => (value: string) => value };

/**
 * The three fields the fold reads, taken from the stored jsonb by PostgreSQL (the same datum whose
 * text the hash covers) so that the scan need not parse each event's JSON. Schema version 1 only:
 * older shapes go through the catalogue's upcasters.
 */
const BALANCE_FIELDS_SQL = ['amount', 'holdId', 'contra']
  .map(
    (field) =>
      `CASE WHEN schema_version = 1 AND type IN (${BALANCE_EVENT_TYPES.map((t) => `'${t}'`).join(', ')})
       THEN data OPERATOR(pg_catalog.->>) '${field}' END`,
  )
  .join(', ');

interface AccountTrail {
  figures: AccountFigures;
  opened: EventRef | undefined;
  /** The last event that moved the balance, and the last that moved the holds (0: none). */
  balanceVersion: number;
  balancePosition: number;
  heldVersion: number;
  heldPosition: number;
}

interface LedgerTrail {
  cents: number;
  last: EventRef;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const describe = (ref: EventRef) => `${ref.stream} v${ref.version} (position ${ref.position})`;

/** Rows read per FETCH; the next FETCH is in flight while one is checked. */
const DEFAULT_BATCH = 10_000;
/** Rows checked between two turns of the event loop, which let the next batch stream in. */
const SLICE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Recomputes every stream's hash chain from the rows as stored, and re-derives every account's
 * balance, open holds and every internal ledger account from the events, comparing them with
 * the read models at the position those reflect. Reads the log in stream order, in batches.
 */
export async function verifyLog(pool: Pool, options: VerifyOptions = {}): Promise<VerifyReport> {
  const started = performance.now();
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? DEFAULT_BATCH));
  const projection = options.accountsProjection ?? 'accounts';
  // The count only sizes the progress bar: taken beside the scan rather than before it.
  const total = options.onProgress
    ? pool
        .query<{ n: string }>('SELECT count(*) AS n FROM events')
        .then((r) => Number(r.rows[0]!.n))
        .catch(() => undefined)
    : Promise.resolve(undefined);
  // One snapshot for the read models and the whole scan; one cursor, so one ordered index scan.
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const report = await scan(
      client,
      projection,
      batchSize,
      total,
      options.onProgress,
      options.published ?? new Map(),
    );
    await client.query('COMMIT');
    const elapsedMs = performance.now() - started;
    return {
      ...report,
      elapsedMs,
      eventsPerSecond:
        elapsedMs > 0 ? Math.round((report.events / elapsedMs) * 1000) : report.events,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    await total;
  }
}

async function scan(
  client: PoolClient,
  projection: string,
  batchSize: number,
  totalCount: Promise<number | undefined>,
  onProgress: VerifyOptions['onProgress'],
  published: ReadonlyMap<string, PublishedHead>,
): Promise<Omit<VerifyReport, 'elapsedMs' | 'eventsPerSecond'>> {
  const snapshot = await readModelSnapshot(client, projection);
  let total: number | undefined;
  void totalCount.then((n) => (total = n));
  // Whether the read models reflect an event is decided by PostgreSQL, in global order.
  const { transactionId, globalPosition } = snapshot.checkpoint;
  await client.query(
    `DECLARE verify_scan NO SCROLL CURSOR FOR
     SELECT (transaction_id, global_position) <= ('${transactionId}'::xid8, ${globalPosition}::bigint),
            global_position::text, ${HASHED_COLUMNS_SQL}, ${BALANCE_FIELDS_SQL}
     FROM events ORDER BY stream_id, stream_version`,
  );

  const findings: Finding[] = [];
  const accounts = new Map<string, AccountTrail>();
  const ledger = new Map<string, LedgerTrail>();
  const firstTampered = new Map<string, EventRef>();
  const coins = new CoinFold();
  const digest = createHash('sha256');
  const hasher = new ChainHasher();
  let streams = 0;
  let done = 0;

  let stream = '';
  let previousHash = '';
  let previousPosition = 0;
  let expectedVersion = 1;
  let trail: AccountTrail | undefined;

  // The published head of the current stream, until the event at its version is checked.
  let publishedHead: PublishedHead | undefined;
  const unvisited = new Set(published.keys());

  const closeStream = () => {
    if (stream === '') return;
    digest.update(stream).update('\n').update(Buffer.from(previousHash, 'hex'));
    if (publishedHead) {
      const last = expectedVersion - 1;
      findings.push({
        kind:
          last < publishedHead.version ? 'truncated_since_published' : 'rewritten_since_published',
        message:
          last < publishedHead.version
            ? `${stream} ends at version ${last}, but the digest published at ${publishedHead.at} recorded version ${publishedHead.version}: events were removed since`
            : `${stream} has no version ${publishedHead.version}, which the digest published at ${publishedHead.at} recorded: its history was rewritten since`,
        event: { stream, version: last, position: previousPosition },
      });
    }
  };
  const tampered = (ref: EventRef, finding: Finding) => {
    findings.push(finding);
    if (!firstTampered.has(ref.stream)) firstTampered.set(ref.stream, ref);
  };

  const check = (row: string[]) => {
    const streamId = row[3]!;
    const version = Number(row[4]);
    const position = Number(row[1]);
    const type = row[5]!;
    const storedHash = row[10]!;
    if (streamId !== stream) {
      closeStream();
      streams += 1;
      stream = streamId;
      previousHash = '';
      previousPosition = 0;
      expectedVersion = 1;
      trail = undefined;
      publishedHead = published.get(stream);
      unvisited.delete(stream);
      if (stream.startsWith('account-')) {
        const accountId = stream.slice('account-'.length);
        trail = accounts.get(accountId);
        if (!trail) {
          trail = {
            figures: emptyFigures(),
            opened: undefined,
            balanceVersion: 0,
            balancePosition: 0,
            heldVersion: 0,
            heldPosition: 0,
          };
          accounts.set(accountId, trail);
        }
      }
    }

    if (version !== expectedVersion) {
      const ref = { stream, version, position };
      tampered(ref, {
        kind: 'missing_event',
        message: `${stream}: versions ${expectedVersion}..${version - 1} are missing before ${describe(ref)}`,
        event: ref,
      });
    } else {
      const computed = hasher.hashHex(
        previousHash,
        row[2]!,
        streamId,
        version,
        type,
        Number(row[6]),
        row[7]!,
        row[8]!,
        Number(row[9]),
      );
      if (computed !== storedHash) {
        const ref = { stream, version, position };
        tampered(ref, {
          kind: 'tampered_event',
          message: `${describe(ref)} (${type}) does not match its hash: it was altered after it was recorded, or the event before it was`,
          event: ref,
        });
      }
    }
    // The chain does not cover the global position, which the database assigns on insert; a
    // stream's events are inserted in version order, so a later version has a higher position.
    if (position <= previousPosition) {
      const ref = { stream, version, position };
      tampered(ref, {
        kind: 'reordered_event',
        message: `${describe(ref)} (${type}) has a lower global position than version ${version - 1} (position ${previousPosition}): its position was altered`,
        event: ref,
      });
    }
    if (publishedHead && version === publishedHead.version) {
      if (storedHash !== publishedHead.hash) {
        const ref = { stream, version, position };
        findings.push({
          kind: 'rewritten_since_published',
          message: `${describe(ref)} does not have the hash the digest published at ${publishedHead.at} recorded (${publishedHead.hash.slice(0, 16)}…): its history was rewritten since`,
          event: ref,
        });
      }
      publishedHead = undefined;
    }
    previousHash = storedHash;
    previousPosition = position;
    expectedVersion = version + 1;

    // The coin books and clearing:crypto are invariants of the whole log, read model or not.
    if (isCoinEvent(stream, type)) {
      coins.apply(stream, type, JSON.parse(row[7]!) as Parameters<CoinFold['apply']>[2]);
    } else if (trail && row[13] === 'clearing:crypto' && isBalanceEvent(type)) {
      const leg = ledgerLeg(type, { amount: Number(row[11]), contra: row[13] });
      if (leg) coins.postClearing(leg.cents);
    }

    if (trail && row[0] === 't') {
      if (type === 'AccountOpened') trail.opened = { stream, version, position };
      else if (isBalanceEvent(type)) {
        const data = balanceData(row, stream, version, position);
        if (!data) return;
        const change = applyBalanceEvent(trail.figures, type, data);
        if (change.balance !== 0) {
          trail.balanceVersion = version;
          trail.balancePosition = position;
        }
        if (change.held !== 0) {
          trail.heldVersion = version;
          trail.heldPosition = position;
        }
        const leg = ledgerLeg(type, data);
        if (leg) {
          const entry = ledger.get(leg.ledgerAccount);
          if (entry) {
            entry.cents += leg.cents;
            entry.last.stream = stream;
            entry.last.version = version;
            entry.last.position = position;
          } else {
            ledger.set(leg.ledgerAccount, {
              cents: leg.cents,
              last: { stream, version, position },
            });
          }
        }
      }
    }
  };

  /** The fields the fold reads; undefined (and a finding) if the catalogue cannot read them. */
  const balanceData = (
    row: string[],
    streamId: string,
    version: number,
    position: number,
  ): BalanceEventData | undefined => {
    const schemaText = row[6]!;
    if (schemaText === '1') {
      return {
        amount: row[11] === null ? undefined : Number(row[11]),
        holdId: row[12] ?? undefined,
        contra: row[13] ?? undefined,
      };
    }
    try {
      return catalogue.read(row[5]!, Number(schemaText), JSON.parse(row[7]!))
        .data as BalanceEventData;
    } catch (error) {
      const ref = { stream: streamId, version, position };
      tampered(ref, {
        kind: 'unreadable_event',
        message: `${describe(ref)} (${row[5]} schema version ${schemaText}) cannot be read: ${(error as Error).message}`,
        event: ref,
      });
      return undefined;
    }
  };

  const fetchBatch = (): Promise<{ rows: string[][] }> => {
    const batch = client.query<string[]>({
      text: `FETCH ${batchSize} FROM verify_scan`,
      rowMode: 'array',
      types: asText,
    });
    batch.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    return batch;
  };
  // Read ahead: PostgreSQL produces the next batch while this one is hashed and folded, and the
  // slices give the event loop turns to take its rows off the socket.
  let pending: Promise<{ rows: string[][] }> | undefined = fetchBatch();
  while (pending) {
    const { rows }: { rows: string[][] } = await pending;
    pending = rows.length === batchSize ? fetchBatch() : undefined;
    for (let from = 0; from < rows.length; from += SLICE) {
      if (from > 0) await nextTurn();
      const to = Math.min(rows.length, from + SLICE);
      for (let i = from; i < to; i += 1) check(rows[i]!);
    }
    done += rows.length;
    onProgress?.(done, Math.max(total ?? done, done));
  }
  closeStream();
  for (const missing of unvisited) {
    const head = published.get(missing)!;
    findings.push({
      kind: 'truncated_since_published',
      message: `${missing} is not in the log, but the digest published at ${head.at} recorded it at version ${head.version}: it was removed since`,
    });
  }

  compareAccounts(snapshot, accounts, firstTampered, findings);
  compareLedger(snapshot, ledger, firstTampered, findings);
  for (const broken of coins.finish())
    findings.push({ kind: broken.kind, message: broken.message });
  const derivedLedger = new Map([...ledger].map(([name, trail]) => [name, trail.cents]));
  for (const broken of clearingBreaks(derivedLedger)) {
    findings.push({
      kind: broken.kind,
      message: broken.message,
      ...(broken.ledgerAccount ? { ledgerAccount: broken.ledgerAccount } : {}),
    });
  }

  return {
    events: done,
    streams,
    accounts: accounts.size,
    findings,
    logDigest: digest.digest('hex'),
  };
}

function compareAccounts(
  snapshot: ReadModelSnapshot,
  accounts: Map<string, AccountTrail>,
  firstTampered: Map<string, EventRef>,
  findings: Finding[],
): void {
  for (const [accountId, trail] of accounts) {
    if (!trail.opened) continue; // opened after the read model's position, or not an account
    const stored = snapshot.accounts.get(accountId);
    if (!stored) {
      findings.push({
        kind: 'account_missing_from_read_model',
        message: `account ${accountId} is in the log (${describe(trail.opened)}) but not in rm_accounts`,
        accountId,
        event: trail.opened,
      });
      continue;
    }
    const tampered = firstTampered.get(`account-${accountId}`);
    const at = (version: number, position: number): EventRef | undefined =>
      version > 0 ? { stream: `account-${accountId}`, version, position } : undefined;
    const checks = [
      [
        'balance',
        stored.balance,
        trail.figures.balance,
        at(trail.balanceVersion, trail.balancePosition),
      ],
      ['held', stored.held, trail.figures.held, at(trail.heldVersion, trail.heldPosition)],
    ] as const;
    for (const [field, readModel, derived, last] of checks) {
      if (readModel === derived) continue;
      const cause = tampered ?? last ?? trail.opened;
      findings.push({
        kind: field === 'balance' ? 'balance_mismatch' : 'held_mismatch',
        message:
          `account ${accountId}: rm_accounts shows ${field} ${dollars(readModel)}, the events give ${dollars(derived)}; ` +
          (tampered
            ? `caused by the altered event ${describe(cause)}`
            : `the read model departs from the log at or before ${describe(cause)}`),
        accountId,
        readModel,
        derived,
        event: cause,
      });
    }
  }
  for (const accountId of snapshot.accounts.keys()) {
    if (!accounts.get(accountId)?.opened) {
      findings.push({
        kind: 'account_unknown_to_log',
        message: `rm_accounts has account ${accountId}, which no AccountOpened event up to the read model's position opened`,
        accountId,
      });
    }
  }
}

function compareLedger(
  snapshot: ReadModelSnapshot,
  ledger: Map<string, LedgerTrail>,
  firstTampered: Map<string, EventRef>,
  findings: Finding[],
): void {
  const names = new Set([...ledger.keys(), ...snapshot.ledger.keys()]);
  for (const name of [...names].sort()) {
    const derived = ledger.get(name)?.cents ?? 0;
    const readModel = snapshot.ledger.get(name) ?? 0;
    if (derived === readModel) continue;
    const last = ledger.get(name)?.last;
    const tampered = last ? firstTampered.get(last.stream) : undefined;
    const cause = tampered ?? last;
    findings.push({
      kind: 'ledger_mismatch',
      message: `ledger account ${name}: rm_ledger_balances shows ${dollars(readModel)}, the events give ${dollars(derived)}${cause ? ` (see ${describe(cause)})` : ''}`,
      ledgerAccount: name,
      readModel,
      derived,
      ...(cause ? { event: cause } : {}),
    });
  }
}
