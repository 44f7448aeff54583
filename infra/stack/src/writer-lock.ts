import { createPool, type PoolClient } from '@bank/infra';
import { StartRefused } from './start-refused.ts';

/**
 * Who writes the log. The one-process bank is its database's sole writer and takes shortcuts
 * that are only right while no other process appends (see the command bus's `soleWriter`), so it
 * holds this advisory lock exclusively for its lifetime. Every other writer (the separate
 * command and job services) holds it shared. A session lock lives as long as the connection that
 * took it: when its process dies, however it dies, PostgreSQL releases it.
 */
const WRITERS_LOCK = 7431010;

export type WriterRole = 'sole' | 'shared';

export interface WriterLock {
  role: WriterRole;
  release(): Promise<void>;
}

export interface WriterLockOptions {
  /**
   * How long to keep trying: a predecessor that was just killed may still hold the lock until its
   * server process notices the connection is gone.
   */
  waitMs?: number;
  /** Called when the connection holding the lock breaks: the lock is gone with it. */
  onLost: (error: Error) => void;
}

/** Takes the writers' lock on a connection of its own, or refuses with what holds it. */
export async function takeWriterLock(
  databaseUrl: string,
  role: WriterRole,
  options: WriterLockOptions,
): Promise<WriterLock> {
  const pool = createPool(databaseUrl, 1);
  const client = await pool.connect();
  const deadline = Date.now() + (options.waitMs ?? 5000);
  const take = role === 'sole' ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
  try {
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT ${take}($1) AS locked`, [
        WRITERS_LOCK,
      ]);
      if (rows[0]!.locked) break;
      if (Date.now() >= deadline) throw new StartRefused(await refusal(client, role));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    client.release(true);
    await pool.end();
    throw error;
  }
  let released = false;
  const lost = (error: Error) => {
    if (released) return;
    released = true;
    options.onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the connection to PostgreSQL ended')));
  return {
    role,
    async release() {
      if (released) return;
      released = true;
      client.release(true); // closing the session releases its lock
      await pool.end();
    },
  };
}

async function refusal(client: PoolClient, role: WriterRole): Promise<string> {
  const { rows } = await client.query<{ mode: string; holder: string }>(
    `SELECT l.mode,
            concat_ws(' ', 'PostgreSQL backend ' || a.pid, 'from ' || host(a.client_addr),
                      'connected since ' || a.backend_start) AS holder
       FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
        AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [WRITERS_LOCK],
  );
  const sole = rows.find((r) => r.mode === 'ExclusiveLock');
  const holders = rows.map((r) => r.holder).join('; ') || 'a process that just let go';
  if (sole || role === 'shared') {
    return (
      `Another bank process (npm start) is already running on this database as its only writer ` +
      `(${sole?.holder ?? holders}). A second writer could break its guarantees (an account ` +
      `could be overdrawn), so this process does not start. Stop the other one first, or run the ` +
      `parts as separate services (npm run start:command-api and the others), which share a ` +
      `database safely.`
    );
  }
  return (
    `Other processes write to this database (${holders}): separate services, or another bank. ` +
    `npm start runs as the database's only writer, so it does not start beside them. Stop them ` +
    `first, or run this one as a separate service too (npm run start:command-api).`
  );
}
