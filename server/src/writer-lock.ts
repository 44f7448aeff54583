import { createPool, type EventStore, type Pool, type PoolClient } from '@bank/infra';
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
  /**
   * Whether this process holds the lock; when the connection holding it was lost, tries once to
   * take it again (so the first write after PostgreSQL is back need not wait for the next retry).
   */
  ensureHeld(): Promise<boolean>;
  /**
   * The process is stopping: from now on a lost connection is part of the stop, neither reported
   * nor taken again. (Ctrl-C at a terminal signals the embedded PostgreSQL too, which closes the
   * lock's connection before `release()` comes to it.)
   */
  stopping(): void;
  release(): Promise<void>;
}

export interface WriterLockOptions {
  /**
   * How long to keep trying at start: a predecessor that was just killed may still hold the lock
   * until its server process notices the connection is gone.
   */
  waitMs?: number;
  /** How often to try again to take a lock lost with its connection. */
  retakeMs?: number;
  log: (line: string) => void;
}

/**
 * Takes the writers' lock on a connection of its own, or refuses with what holds it. A lock lost
 * with its connection (PostgreSQL restarted) is taken again as soon as the server is back; until
 * then `ensureHeld()` answers false, and the caller must not append (a process that lost the sole
 * writer's role to another one never appends again).
 */
export async function takeWriterLock(
  databaseUrl: string,
  role: WriterRole,
  options: WriterLockOptions,
): Promise<WriterLock> {
  const pool = createPool(databaseUrl, 1);
  const take = role === 'sole' ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
  const unlock = role === 'sole' ? 'pg_advisory_unlock' : 'pg_advisory_unlock_shared';
  let holder: PoolClient | undefined;
  let released = false;
  let stopping = false;
  let retakeTimer: NodeJS.Timeout | undefined;

  /** One try: true when this process holds the lock on a live connection. */
  const tryTake = async (): Promise<boolean> => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT ${take}($1) AS locked`, [
        WRITERS_LOCK,
      ]);
      if (!rows[0]!.locked || released) {
        client.release(true);
        return false;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    holder = client;
    const lost = () => {
      if (holder !== client || released) return;
      holder = undefined;
      client.release(true);
      if (stopping) return;
      options.log(
        `Lost the writers' lock with its connection to PostgreSQL: no appends until it is back`,
      );
      retake();
    };
    client.on('error', lost);
    client.on('end', lost);
    return true;
  };
  let attempt: Promise<boolean> | undefined;
  /** One try at a time, shared by the retry timer and the writers waiting for it. */
  const retakeOnce = (): Promise<boolean> =>
    (attempt ??= tryTake()
      .catch(() => false)
      .then((taken) => {
        attempt = undefined;
        if (taken) options.log(`Took the writers' lock again`);
        return taken;
      }));
  const retake = () => {
    retakeTimer = setTimeout(() => {
      void retakeOnce().then((taken) => {
        if (!taken && !released && !stopping && !holder) retake();
      });
    }, options.retakeMs ?? 500);
  };

  const deadline = Date.now() + (options.waitMs ?? 5000);
  try {
    while (!(await tryTake())) {
      if (Date.now() >= deadline) {
        const client = await pool.connect();
        try {
          throw new StartRefused(await refusal(client, role));
        } finally {
          client.release();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    role,
    ensureHeld: async () =>
      holder !== undefined || (!released && !stopping && (await retakeOnce())),
    stopping() {
      stopping = true;
      clearTimeout(retakeTimer);
    },
    async release() {
      if (released) return;
      released = true;
      clearTimeout(retakeTimer);
      const client = holder;
      holder = undefined;
      if (client) {
        // Closing the session alone lets go of the lock only once the server has noticed, so a
        // tool run right after the bank stops (npm run keys) could still find it held.
        await client.query(`SELECT ${unlock}($1)`, [WRITERS_LOCK]).catch(() => undefined);
        client.release(true);
      }
      await pool.end();
    },
  };
}

/** A process of the bank writes to the database: what must run alone was not started. */
export class BankStillRunning extends Error {
  constructor() {
    super(
      "A process of the bank is running on this database (it holds the writers' lock): stop every " +
        'process of the bank first.',
    );
  }
}

/**
 * Runs `work` while no process of the bank can write: the writers' lock is taken exclusively on
 * a connection of its own until the work ends, so a bank process that runs refuses it
 * (BankStillRunning) and one that starts meanwhile waits, then refuses to start.
 */
export async function whileNoWriter<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [WRITERS_LOCK],
    );
    if (!rows[0]!.locked) throw new BankStillRunning();
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [WRITERS_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Appending while the writers' lock is not held; answered 503 like a database that is down. */
export class WriterLockNotHeld extends Error {
  readonly code = '57P03'; // cannot_connect_now
  constructor() {
    super("This process does not hold the writers' lock at the moment");
  }
}

/** The store, refusing appends while this process does not hold the writers' lock. */
export function appendsWhileHeld(store: EventStore, lock: WriterLock): EventStore {
  return {
    ...store,
    append: async (...args) => {
      if (!(await lock.ensureHeld())) throw new WriterLockNotHeld();
      return store.append(...args);
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
