import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPool,
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
  type Pool,
} from '@bank/infra';
import { STATEMENT_PROFILE_SETTINGS } from './profile.ts';

export interface BenchPostgres {
  handle: EmbeddedPostgresHandle;
  port: number;
  url(database: string): string;
  /** The server settings that decide what a commit costs, for the report. */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

const DATABASES = ['bank', 'pgbench', 'crud_baseline', 'es_bank', 'es_emmett'];

/** One embedded PostgreSQL server for the whole run, in a temporary directory, with a database per part. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
  const port = await freePort();
  const handle = await startEmbeddedPostgres({
    dataDir,
    port,
    persistent: false,
    // The statement profile of the transfers' phase (profile.ts), planning included; every peer
    // runs with it loaded.
    settings: STATEMENT_PROFILE_SETTINGS,
  });
  for (const name of DATABASES) await handle.createDatabase(name);
  const pool = createPool(handle.url('postgres'), 1);
  const settings: Record<string, string> = {};
  try {
    for (const name of [
      'server_version',
      'fsync',
      'synchronous_commit',
      'wal_sync_method',
      'shared_buffers',
      'max_connections',
    ]) {
      const { rows } = await pool.query<Record<string, string>>(`SHOW ${name}`);
      settings[name] = Object.values(rows[0]!)[0]!;
    }
  } finally {
    await pool.end();
  }
  return {
    handle,
    port,
    url: (database) => handle.url(database),
    settings,
    async stop() {
      await handle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Bytes of WAL the whole server has written so far (pg_stat_wal): what a commit makes durable. */
export async function walBytesWritten(db: Pool): Promise<number> {
  const { rows } = await db.query<{ bytes: string }>(
    'SELECT wal_bytes::text AS bytes FROM pg_stat_wal',
  );
  return Number(rows[0]!.bytes);
}
