import pg from 'pg';
import { useFastTimestampParser } from './timestamps.ts';

// int8 (bigint) values in this system are positions and cents that fit in a JS safe integer.
pg.types.setTypeParser(20, (value) => Number(value));
useFastTimestampParser();

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** Limits set on each session of a pool (PostgreSQL settings, in milliseconds; 0 is none). */
export interface SessionLimits {
  /** Longest a statement may run. */
  statementTimeoutMs?: number;
  /**
   * Longest a transaction may sit idle: an open transaction holds back the point below which the
   * log is read, so one forgotten transaction would freeze every read model.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * Longest a caller waits for a connection: a new one to open, or one of the pool's to come free.
   * Past it the caller fails (answered 503) rather than wait for good behind a server that hangs.
   */
  connectTimeoutMs?: number;
}

export function createPool(
  connectionString: string,
  max = 20,
  limits: SessionLimits = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(limits.statementTimeoutMs !== undefined
      ? { statement_timeout: limits.statementTimeoutMs }
      : {}),
    ...(limits.idleInTransactionTimeoutMs !== undefined
      ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs }
      : {}),
    ...(limits.connectTimeoutMs ? { connectionTimeoutMillis: limits.connectTimeoutMs } : {}),
  });
  // A client that loses its server (restart, network) must not crash the process: an idle one
  // reports to the pool, a checked-out one between two queries to its own listener; the queries
  // themselves still fail and are answered with 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Opens a transaction that reads one snapshot of the database and writes nothing. */
export const READ_ONLY_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/**
 * Runs `work` in one transaction on a client of `pool`: committed when it returns, rolled back
 * when it throws (the error goes on to the caller), and the client released either way (destroyed
 * if the rollback failed). `begin`
 * opens the transaction with other characteristics (`READ_ONLY_SNAPSHOT`).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  // A client whose rollback failed may still be inside the transaction, or mid-query: destroyed.
  let rollbackFailed: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((failure: unknown) => {
      rollbackFailed = failure instanceof Error ? failure : new Error(String(failure));
    });
    throw error;
  } finally {
    client.release(rollbackFailed);
  }
}
