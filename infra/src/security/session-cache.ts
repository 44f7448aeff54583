import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '../postgres/pool.ts';

/** The channel the `sessions` table's triggers announce a changed session on (its hash, hex). */
const CHANNEL = 'sessions_changed';
/** The payload announcing that every session may have changed (the table was emptied). */
const EVERY_SESSION = '*';
/** A payload of this prefix is a caughtUp() marker, not a session. */
const MARKER = 'caught-up:';
/** The most sessions kept: past it the oldest kept goes first. */
const MAX_KEPT = 20_000;
/** Longest caughtUp() waits for its own announcement before it empties the cache instead. */
const MARKER_WAIT_MS = 2000;
/** After losing its connection the cache listens again no sooner than this. */
const RELISTEN_AFTER_MS = 1000;

export interface CachedSession {
  expiresAt: Date;
}

/**
 * Live sessions kept in memory between lookups, so that a customer's requests of a few seconds
 * cost PostgreSQL one lookup rather than one each. What keeps it right:
 * - every change that could end a session or change what it allows is announced by a trigger on
 *   `sessions` (NOTIFY), and a kept session is dropped when its announcement arrives;
 * - a lookup under way when any change is announced or made here is not kept (it may have read
 *   the row before the change);
 * - while the cache is not listening (before it starts, after its connection is lost), it keeps
 *   and serves nothing; once listening again it starts empty;
 * - a session is kept at most `holdMs`, and never past its expiry, so even an announcement lost
 *   without the connection failing is outlived by at most `holdMs`.
 * A change made by this process is dropped here before its caller is answered; one made by another
 * process holds here once PostgreSQL has delivered its announcement (normally within a
 * millisecond of its commit).
 */
export interface SessionCache<S extends CachedSession> {
  /** The kept session of this token hash (hex), or undefined: look it up. */
  get(key: string): S | undefined;
  /**
   * Marks the start of a lookup and answers the function that keeps its result: the result is
   * dropped if a change was announced or made meanwhile.
   */
  lookingUp(): (key: string, session: S) => void;
  /** Drops one session, or every one, now (a change this process made or is about to make). */
  drop(key?: string): void;
  /**
   * Resolves once every change committed before the call has reached the cache (or, if its own
   * announcement does not come back in time, once the cache has been emptied).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export function createSessionCache<S extends CachedSession>(
  pool: Pool,
  holdMs: number,
): SessionCache<S> {
  /** `keptAt` is on the monotonic clock: a wall clock stepped back must not stretch the hold. */
  const kept = new Map<string, { session: S; keptAt: number }>();
  const markers = new Map<string, () => void>();
  let generation = 0;
  let listener: PoolClient | undefined;
  let connecting: Promise<void> | undefined;
  let retryAt = 0;
  let closed = false;

  /** Drops one kept session, or every one; a lookup under way is then not kept either. */
  function forget(key?: string): void {
    generation += 1;
    if (key === undefined) kept.clear();
    else kept.delete(key);
  }

  function lost(client: PoolClient): void {
    if (listener !== client) return;
    listener = undefined;
    retryAt = Date.now() + RELISTEN_AFTER_MS;
    forget();
    client.release(true);
    for (const reached of markers.values()) reached();
    markers.clear();
  }

  function onAnnounced(payload: string): void {
    if (payload.startsWith(MARKER)) {
      markers.get(payload)?.();
      markers.delete(payload);
      return;
    }
    forget(payload === EVERY_SESSION ? undefined : payload);
  }

  async function listen(): Promise<void> {
    const client = await pool.connect();
    client.on('notification', (message) => onAnnounced(message.payload ?? ''));
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (closed) {
      client.release(true);
      return;
    }
    forget();
    listener = client;
  }

  /** Starts listening if it is not, without waiting: lookups go to PostgreSQL meanwhile. */
  function ensureListening(): void {
    if (holdMs <= 0 || closed || listener || connecting || Date.now() < retryAt) return;
    connecting = listen()
      .catch(() => {
        retryAt = Date.now() + RELISTEN_AFTER_MS;
      })
      .finally(() => {
        connecting = undefined;
      });
  }

  return {
    get(key) {
      ensureListening();
      if (!listener) return undefined;
      const entry = kept.get(key);
      if (!entry) return undefined;
      const held = performance.now() - entry.keptAt;
      if (held < holdMs && Date.now() < entry.session.expiresAt.getTime()) return entry.session;
      kept.delete(key);
      return undefined;
    },
    lookingUp() {
      // Listening starting or stopping forgets everything too, so this also says it was
      // listening throughout.
      const started = generation;
      return (key, session) => {
        if (!listener || generation !== started) return;
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, { session, keptAt: performance.now() });
      };
    },
    drop: forget,
    async caughtUp() {
      if (!listener) return;
      const marker = `${MARKER}${randomUUID()}`;
      const reached = new Promise<void>((resolve) => markers.set(marker, resolve));
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, marker]);
      } catch (error) {
        markers.delete(marker);
        throw error;
      }
      // A marker that never comes (announcements lost on the way, as through a pooler in
      // transaction mode): nothing kept before now is served after.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          markers.delete(marker);
          forget();
          resolve();
        }, MARKER_WAIT_MS);
      });
      await Promise.race([reached, late]);
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      await connecting;
      if (!listener) return;
      const client = listener;
      listener = undefined;
      forget();
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      client.release(true);
    },
  };
}
