/**
 * Where a phase's WAL comes from, for the bench's report: pg_walinspect reads the records written
 * between two positions and groups their block data and full-page images by the relation they
 * change (a table or an index), so what each table and index of the bank costs in bytes made
 * durable per transfer is known. Needs a superuser connection to the bank's own database (a
 * relation's name is only known there).
 */
import type { Pool } from '@bank/infra';

export interface WalShare {
  /** A relation of the bank's database, or what else wrote (another database, record headers). */
  where: string;
  /** Bytes per operation: the blocks' data and full-page images. */
  bytes: number;
  /** Of which full-page images (the first change of a page after a checkpoint). */
  fullPageBytes: number;
}

export interface WalProfile {
  /** Every byte of WAL between the two positions, per operation. */
  totalBytes: number;
  top: WalShare[];
}

/** Where the WAL is being inserted now: the start or the end of a phase to profile. */
export async function walInsertPosition(superuser: Pool): Promise<string> {
  const { rows } = await superuser.query<{ lsn: string }>(
    'SELECT pg_current_wal_insert_lsn()::text AS lsn',
  );
  return rows[0]!.lsn;
}

/** What was written between `from` and `to`, per operation, the largest writers first. */
export async function walProfile(
  superuser: Pool,
  from: string,
  to: string,
  operations: number,
  top = 16,
): Promise<WalProfile> {
  await superuser.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  const { rows: total } = await superuser.query<{ bytes: string }>(
    'SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::bigint::text AS bytes',
    [from, to],
  );
  const { rows } = await superuser.query<{ where: string; bytes: string; fpi: string }>(
    `SELECT CASE WHEN b.reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
                 THEN coalesce(pg_filenode_relation(b.reltablespace, b.relfilenode)::regclass::text,
                               'a relation since dropped')
                 WHEN b.reldatabase = 0 THEN 'shared catalogs'
                 ELSE 'other databases' END AS where,
            sum(b.block_data_length + b.block_fpi_length)::bigint::text AS bytes,
            sum(b.block_fpi_length)::bigint::text AS fpi
       FROM pg_get_wal_block_info($1::pg_lsn, $2::pg_lsn) b
      GROUP BY 1
      ORDER BY sum(b.block_data_length + b.block_fpi_length) DESC`,
    [from, to],
  );
  const per = Math.max(1, operations);
  const shares = rows.map((r) => ({
    where: r.where,
    bytes: Number(r.bytes) / per,
    fullPageBytes: Number(r.fpi) / per,
  }));
  const totalBytes = Number(total[0]!.bytes) / per;
  const smaller = shares.slice(top);
  const sum = (list: readonly WalShare[], of: (s: WalShare) => number) =>
    list.reduce((n, s) => n + of(s), 0);
  return {
    totalBytes,
    top: [
      ...shares.slice(0, top),
      {
        where: `${smaller.length} smaller relations`,
        bytes: sum(smaller, (s) => s.bytes),
        fullPageBytes: sum(smaller, (s) => s.fullPageBytes),
      },
      {
        where: "records' headers and own data (commit records among them)",
        bytes: totalBytes - sum(shares, (s) => s.bytes),
        fullPageBytes: 0,
      },
    ].filter((s) => s.bytes > 0),
  };
}
