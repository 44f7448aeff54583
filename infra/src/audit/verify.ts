import { createHash } from 'node:crypto';
import { catalogue } from '@bank/events';
import type { Pool, PoolClient } from '../postgres/pool.ts';
import {
  applyBalanceEvent,
  emptyFigures,
  isBalanceEvent,
  ledgerLeg,
  type AccountFigures,
  type BalanceEventData,
} from './balance-fold.ts';
import { eventHash, HASHED_COLUMNS_SQL } from './hash-chain.ts';

export interface EventRef {
  stream: string;
  version: number;
  position: number;
}

export type FindingKind =
  | 'tampered_event'
  | 'missing_event'
  | 'balance_mismatch'
  | 'held_mismatch'
  | 'ledger_mismatch'
  | 'account_missing_from_read_model'
  | 'account_unknown_to_log';

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
    `SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints
     WHERE projection = $1`,
    [projection],
  );
  const accounts = await client.query<{
    account_id: string;
    balance_cents: number;
    held_cents: number;
  }>('SELECT account_id, balance_cents, held_cents FROM rm_accounts');
  const ledger = await client.query<{ ledger_account: string; balance_cents: number }>(
    'SELECT ledger_account, balance_cents FROM rm_ledger_balances',
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

interface AccountTrail {
  figures: AccountFigures;
  opened: EventRef | undefined;
  lastBalanceEvent: EventRef | undefined;
  lastHeldEvent: EventRef | undefined;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const describe = (ref: EventRef) => `${ref.stream} v${ref.version} (position ${ref.position})`;

/**
 * Recomputes every stream's hash chain from the rows as stored, and re-derives every account's
 * balance, open holds and every internal ledger account from the events, comparing them with
 * the read models at the position those reflect. Reads the log in stream order, in batches.
 */
export async function verifyLog(pool: Pool, options: VerifyOptions = {}): Promise<VerifyReport> {
  const started = performance.now();
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? 20_000));
  const projection = options.accountsProjection ?? 'accounts';
  // One snapshot for the read models and the whole scan; one cursor, so one ordered index scan.
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const report = await scan(client, projection, batchSize, options.onProgress);
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
  }
}

async function scan(
  client: PoolClient,
  projection: string,
  batchSize: number,
  onProgress: VerifyOptions['onProgress'],
): Promise<Omit<VerifyReport, 'elapsedMs' | 'eventsPerSecond'>> {
  const snapshot = await readModelSnapshot(client, projection);
  const total = (await client.query<{ n: number }>('SELECT count(*)::bigint AS n FROM events'))
    .rows[0]!.n;
  await client.query(
    `DECLARE verify_scan NO SCROLL CURSOR FOR
     SELECT global_position::text, transaction_id::text, ${HASHED_COLUMNS_SQL}
     FROM events ORDER BY stream_id, stream_version`,
  );

  const findings: Finding[] = [];
  const accounts = new Map<string, AccountTrail>();
  const ledger = new Map<string, { cents: number; last: EventRef }>();
  const firstTampered = new Map<string, EventRef>();
  const digest = createHash('sha256');
  let streams = 0;
  let done = 0;

  let stream = '';
  let previousHash: Buffer | null = null;
  let expectedVersion = 1;
  let trail: AccountTrail | undefined;

  const closeStream = () => {
    if (stream !== '' && previousHash) {
      digest.update(stream).update('\n').update(previousHash);
    }
  };

  for (;;) {
    const { rows } = await client.query<string[]>({
      text: `FETCH ${batchSize} FROM verify_scan`,
      rowMode: 'array',
      types: asText,
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      const [gp, txid, eventId, streamId, versionText, type, schemaText, dataText, metaText] = row;
      const recordedMicros = row[9]!;
      const storedHash = row[10]!;
      const version = Number(versionText);
      const ref: EventRef = { stream: streamId!, version, position: Number(gp) };
      if (streamId !== stream) {
        closeStream();
        streams += 1;
        stream = streamId!;
        previousHash = null;
        expectedVersion = 1;
        trail = undefined;
        if (stream.startsWith('account-')) {
          const accountId = stream.slice('account-'.length);
          trail = accounts.get(accountId);
          if (!trail) {
            trail = {
              figures: emptyFigures(),
              opened: undefined,
              lastBalanceEvent: undefined,
              lastHeldEvent: undefined,
            };
            accounts.set(accountId, trail);
          }
        }
      }

      if (version !== expectedVersion) {
        findings.push({
          kind: 'missing_event',
          message: `${stream}: versions ${expectedVersion}..${version - 1} are missing before ${describe(ref)}`,
          event: ref,
        });
        if (!firstTampered.has(stream)) firstTampered.set(stream, ref);
      } else {
        const computed = eventHash(previousHash, {
          eventId: eventId!,
          streamId: streamId!,
          streamVersion: version,
          type: type!,
          schemaVersion: Number(schemaText),
          dataText: dataText!,
          metadataText: metaText!,
          recordedAtMicros: BigInt(recordedMicros),
        });
        if (computed.toString('hex') !== storedHash) {
          findings.push({
            kind: 'tampered_event',
            message: `${describe(ref)} (${type}) does not match its hash: it was altered after it was recorded, or the event before it was`,
            event: ref,
          });
          if (!firstTampered.has(stream)) firstTampered.set(stream, ref);
        }
      }
      previousHash = Buffer.from(storedHash, 'hex');
      expectedVersion = version + 1;

      const txId = BigInt(txid!);
      const applied =
        txId < snapshot.checkpoint.transactionId ||
        (txId === snapshot.checkpoint.transactionId &&
          ref.position <= snapshot.checkpoint.globalPosition);
      if (trail && applied) {
        if (type === 'AccountOpened') trail.opened = ref;
        else if (isBalanceEvent(type!)) {
          let data = JSON.parse(dataText!) as BalanceEventData;
          if (schemaText !== '1') {
            data = catalogue.read(type!, Number(schemaText), data).data as BalanceEventData;
          }
          const change = applyBalanceEvent(trail.figures, type, data);
          if (change.balance !== 0) trail.lastBalanceEvent = ref;
          if (change.held !== 0) trail.lastHeldEvent = ref;
          const leg = ledgerLeg(type, data);
          if (leg) {
            const entry = ledger.get(leg.ledgerAccount) ?? { cents: 0, last: ref };
            entry.cents += leg.cents;
            entry.last = ref;
            ledger.set(leg.ledgerAccount, entry);
          }
        }
      }
    }
    done += rows.length;
    onProgress?.(done, Math.max(total, done));
  }
  closeStream();

  compareAccounts(snapshot, accounts, firstTampered, findings);
  compareLedger(snapshot, ledger, firstTampered, findings);

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
    const checks = [
      ['balance', stored.balance, trail.figures.balance, trail.lastBalanceEvent],
      ['held', stored.held, trail.figures.held, trail.lastHeldEvent],
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
  ledger: Map<string, { cents: number; last: EventRef }>,
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
