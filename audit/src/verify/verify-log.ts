import { inTransaction, READ_ONLY_SNAPSHOT, type Pool, type PoolClient } from '@bank/infra';
import type { PublishedHead } from '../published-digests.ts';
import { BooksFold } from './books-fold.ts';
import { ChainCheck } from './chain-check.ts';
import { FindingLog, type Finding } from './findings.ts';
import { COLUMN, scanLog, type ScanRow } from './log-cursor.ts';
import { compareAccounts, compareLedger, readModelSnapshot } from './read-model-check.ts';

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

/** Rows read per FETCH; the next FETCH is in flight while one is checked. */
const DEFAULT_BATCH = 10_000;

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
  // One snapshot for the read models and the whole scan.
  try {
    const report = await inTransaction(
      pool,
      (client) =>
        scan(
          client,
          projection,
          batchSize,
          total,
          options.onProgress,
          options.published ?? new Map(),
        ),
      READ_ONLY_SNAPSHOT,
    );
    const elapsedMs = performance.now() - started;
    return {
      ...report,
      elapsedMs,
      eventsPerSecond:
        elapsedMs > 0 ? Math.round((report.events / elapsedMs) * 1000) : report.events,
    };
  } finally {
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

  const log = new FindingLog();
  const chain = new ChainCheck(published, log);
  const books = new BooksFold(log);
  let stream = '';
  let done = 0;
  const check = (row: ScanRow) => {
    const streamId = row[COLUMN.stream]!;
    const version = Number(row[COLUMN.version]);
    const position = Number(row[COLUMN.position]);
    const type = row[COLUMN.type]!;
    if (streamId !== stream) {
      stream = streamId;
      chain.enter(streamId);
      books.enter(streamId);
    }
    chain.check(row, version, position, type);
    books.fold(row, version, position, type);
  };
  await scanLog(client, snapshot.checkpoint, batchSize, check, (rows) => {
    done += rows;
    onProgress?.(done, Math.max(total ?? done, done));
  });

  const { logDigest } = chain.finish();
  compareAccounts(snapshot, books.accounts, log);
  compareLedger(snapshot, books.ledger, log);
  books.finish();
  return {
    events: done,
    streams: chain.streams,
    accounts: books.accounts.size,
    findings: log.findings,
    logDigest,
  };
}
