import type { Pool } from '@bank/infra';
import { StartRefused } from './start-refused.ts';

/**
 * The log's global order is the PostgreSQL transaction id each event was committed in, and
 * readers only read below the oldest transaction still open. A logical backup (pg_dump) restored
 * into another cluster keeps the events' ids while the new server counts from the start again:
 * its readers would never see the restored events, and a new command would sort before them. So
 * the bank does not start on a log that is ahead of its server.
 */
export async function refuseLogAheadOfServer(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ log_max: string | null; server_next: string }>(
    `SELECT (SELECT max(transaction_id) FROM events)::text AS log_max,
            pg_snapshot_xmax(pg_current_snapshot())::text AS server_next`,
  );
  const { log_max: logMax, server_next: serverNext } = rows[0]!;
  if (logMax === null || BigInt(logMax) < BigInt(serverNext)) return;
  throw new StartRefused(logAheadMessage(BigInt(logMax), BigInt(serverNext)));
}

export function logAheadMessage(logMax: bigint, serverNext: bigint): string {
  const epoch = (logMax >> 32n) + 1n;
  return (
    `The event log holds transaction ids up to ${logMax}, ahead of this PostgreSQL server ` +
    `(next id ${serverNext}). This happens when a logical backup (pg_dump) is restored into ` +
    `another cluster, whose transaction ids start again: readers would not see the restored ` +
    `events and new ones would be ordered before them, so the bank does not start. To fix it, ` +
    `move the server's transaction ids past the log's: stop PostgreSQL, run ` +
    `\`pg_resetwal --epoch=${epoch} -D <its data directory>\` (the same major version's ` +
    `binaries), start it again and then the bank. See "Backup and restore" in README.md.`
  );
}
