import { integerSetting } from '../config.ts';
import { boundedReads } from '../postgres/bounded-reads.ts';
import type { Pool } from '../postgres/pool.ts';
import { createQueryBatcher } from '../postgres/query-batcher.ts';
import { createSessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

export interface Session {
  customerId: string;
  tokenHash: Buffer;
  expiresAt: Date;
  /** When the customer last proved themselves in this session (sign-in or step-up). */
  steppedUpAt: Date | null;
}

/** A live session as its customer may see it: where and when it was opened, never its token. */
export interface LiveSession {
  tokenHash: Buffer;
  /** What the customer names it by to sign it out: derived from the token's hash, not reversible. */
  id: string;
  /** "Chrome on macOS"; null for a session opened before devices were recorded. */
  device: string | null;
  signedInAt: Date;
  /** When it was last used, to the minute; null for a session opened before this was kept. */
  lastSeenAt: Date | null;
}

/**
 * A session's public id, in SQL: the first 16 bytes of a SHA-256 of its token's hash. The hash
 * itself is what a lookup matches, so it is never shown, not even to its own customer.
 */
const PUBLIC_ID = `encode(substring(sha256('session-id:'::bytea || token_hash) from 1 for 16), 'hex')`;

/**
 * Wrong step-ups one session may make in a row, each within STEP_UP_FAILURES_MINUTES of the one
 * before; past them its step-ups are refused unchecked until that long after the last one. Wrong
 * step-ups also count towards the account's sign-in lockout, which a session guessing from behind
 * many addresses, or many guesses at once, must not get around.
 */
export const STEP_UP_FAILURES_ALLOWED = 5;
export const STEP_UP_FAILURES_MINUTES = 15;

/** The most sessions listed: a script signing in over and over must not make the list huge. */
export const MAX_LISTED_SESSIONS = 50;
/** A device description longer than this is cut (it is the bank's own text, but kept bounded). */
const MAX_DEVICE_LENGTH = 100;

/**
 * Sign-in sessions in PostgreSQL, keyed by the token's hash, with an idle expiry that use pushes
 * forward, never past an absolute lifetime counted from sign-in.
 */
export interface SessionStore {
  /** Opens a session; `device` says what it was opened from ("Chrome on macOS"). */
  create(customerId: string, device?: string): Promise<{ token: string; expiresAt: Date }>;
  /** The live session of a token, its idle expiry pushed forward (at most once a minute). */
  resolve(token: string): Promise<Session | undefined>;
  refresh(tokenHash: Buffer): Promise<Date>;
  revoke(tokenHash: Buffer): Promise<void>;
  /**
   * Records that the customer proved themselves again (password or authenticator code) now; the
   * session's wrong step-ups count from none again.
   */
  stepUp(tokenHash: Buffer): Promise<Date>;
  /**
   * Counts a step-up before its answer is checked, so that guesses sent at once cannot all be
   * checked: answers whether it may be checked (within STEP_UP_FAILURES_ALLOWED in a row, each
   * within STEP_UP_FAILURES_MINUTES of the one before), and if not, the seconds until it may.
   */
  countStepUp(
    tokenHash: Buffer,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** A step-up counted that checked no guess (the bank too busy, a code sent again): uncounted. */
  uncountStepUp(tokenHash: Buffer): Promise<void>;
  /** Signs out every other session of a customer; answers how many it signed out. */
  revokeOthers(customerId: string, keep: Buffer | undefined): Promise<number>;
  /**
   * Signs out the customer's live session with this public id, unless it is `keep` (the asking
   * one); answers whether it signed one out.
   */
  revokeOne(customerId: string, id: string, keep: Buffer | undefined): Promise<boolean>;
  /** The customer's live sessions, newest first, at most MAX_LISTED_SESSIONS. */
  listLive(customerId: string): Promise<LiveSession[]>;
  deleteExpired(): Promise<number>;
  /**
   * Resolves once every change to sessions committed before the call (by any process, or by hand)
   * holds for this store's lookups: live sessions are kept in memory for a few seconds.
   */
  caughtUp(): Promise<void>;
  /** Stops listening for changes; call before ending the pool. */
  close(): Promise<void>;
}

export function createSessionStore(
  pool: Pool,
  ttlMs: number,
  maxAgeMs: number = Number.POSITIVE_INFINITY,
  cacheHoldMs: number = integerSetting('SESSION_CACHE_MS'),
): SessionStore {
  const ttl = `${Math.round(ttlMs)} milliseconds`;
  // PostgreSQL intervals reach far enough for "no absolute limit" as a century.
  const maxAge = `${Math.round(Math.min(maxAgeMs, 100 * 365 * 86_400_000))} milliseconds`;
  const lookups = createSessionLookups(pool, ttl, maxAge);
  const cache = createSessionCache<Session>(pool, cacheHoldMs);
  /** Runs a change to sessions, dropping what it changes from the cache before and after it. */
  async function changing<T>(key: Buffer | undefined, change: () => Promise<T>): Promise<T> {
    const hex = key?.toString('hex');
    cache.drop(hex);
    try {
      return await change();
    } finally {
      cache.drop(hex);
    }
  }
  return {
    async create(customerId, device) {
      const { token, hash } = newToken();
      const { rows } = await pool.query<{ expires_at: Date }>(
        `INSERT INTO sessions (token_hash, customer_id, expires_at, stepped_up_at, device,
                               last_seen_at)
         VALUES ($1, $2, now() + least($3::interval, $4::interval), now(), $5, now())
         RETURNING expires_at`,
        [hash, customerId, ttl, maxAge, device?.slice(0, MAX_DEVICE_LENGTH) ?? null],
      );
      return { token, expiresAt: rows[0]!.expires_at };
    },
    async resolve(token) {
      if (token.length < 20 || token.length > 100) return undefined;
      const hash = hashToken(token);
      const key = hash.toString('hex');
      const kept = cache.get(key);
      if (kept) return kept;
      const keep = cache.lookingUp();
      const session = await lookups.resolve(hash);
      if (session) keep(key, session);
      return session;
    },
    refresh: (tokenHash) =>
      changing(tokenHash, async () => {
        const { rows } = await pool.query<{ expires_at: Date }>(
          `UPDATE sessions SET expires_at = least(now() + $2::interval, created_at + $3::interval),
           last_seen_at = now()
         WHERE token_hash = $1 RETURNING expires_at`,
          [tokenHash, ttl, maxAge],
        );
        return rows[0]!.expires_at;
      }),
    revoke: (tokenHash) =>
      changing(tokenHash, async () => {
        await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
          tokenHash,
        ]);
      }),
    stepUp: (tokenHash) =>
      changing(tokenHash, async () => {
        const { rows } = await pool.query<{ stepped_up_at: Date }>(
          `UPDATE sessions SET stepped_up_at = now(), step_up_failures = 0, step_up_failed_at = NULL
           WHERE token_hash = $1 RETURNING stepped_up_at`,
          [tokenHash],
        );
        return rows[0]!.stepped_up_at;
      }),
    async countStepUp(tokenHash) {
      // The count starts again once the last counted one is older than the window; an attempt
      // refused past the allowance does not move the window (the refusal ends in time). The wait
      // is measured from the clock, not this statement's start: a guess sent at the same moment
      // may have counted itself later than that start, which would make the wait past the window.
      const { rows } = await pool.query<{ n: number; wait_seconds: number }>(
        `UPDATE sessions AS s SET (step_up_failures, step_up_failed_at) = (
           SELECT one_more.n,
                  CASE WHEN one_more.n <= $2 THEN now() ELSE s.step_up_failed_at END
             FROM (SELECT CASE WHEN s.step_up_failed_at IS NULL
                                 OR s.step_up_failed_at < now() - make_interval(mins => $3)
                               THEN 1 ELSE s.step_up_failures + 1 END AS n) AS one_more)
         WHERE token_hash = $1
         RETURNING step_up_failures AS n,
           ceil(extract(epoch FROM step_up_failed_at + make_interval(mins => $3)
             - clock_timestamp()))::int
             AS wait_seconds`,
        [tokenHash, STEP_UP_FAILURES_ALLOWED, STEP_UP_FAILURES_MINUTES],
      );
      const counted = rows[0];
      if (counted && counted.n <= STEP_UP_FAILURES_ALLOWED) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, counted?.wait_seconds ?? 1) };
    },
    async uncountStepUp(tokenHash) {
      await pool.query(
        `UPDATE sessions SET step_up_failures = step_up_failures - 1
         WHERE token_hash = $1 AND step_up_failures > 0`,
        [tokenHash],
      );
    },
    revokeOthers: (customerId, keep) =>
      changing(undefined, async () => {
        // Only the live ones count: one already expired signs nobody out.
        const result = await pool.query(
          `UPDATE sessions SET revoked_at = now()
         WHERE customer_id = $1 AND revoked_at IS NULL AND ($2::bytea IS NULL OR token_hash <> $2)
         RETURNING expires_at > now() AND created_at + $3::interval > now() AS live`,
          [customerId, keep ?? null, maxAge],
        );
        return result.rows.filter((row: { live: boolean }) => row.live).length;
      }),
    revokeOne: (customerId, id, keep) =>
      changing(undefined, async () => {
        const { rowCount } = await pool.query(
          `UPDATE sessions SET revoked_at = now()
         WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()
           AND created_at + $4::interval > now()
           AND ${PUBLIC_ID} = $2 AND ($3::bytea IS NULL OR token_hash <> $3)`,
          [customerId, id, keep ?? null, maxAge],
        );
        return rowCount === 1;
      }),
    async listLive(customerId) {
      const { rows } = await pool.query<{
        token_hash: Buffer;
        id: string;
        device: string | null;
        created_at: Date;
        last_seen_at: Date | null;
      }>(
        `SELECT token_hash, ${PUBLIC_ID} AS id, device, created_at, last_seen_at FROM sessions
         WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()
           AND created_at + $2::interval > now()
         ORDER BY created_at DESC, token_hash
         LIMIT $3`,
        [customerId, maxAge, MAX_LISTED_SESSIONS],
      );
      return rows.map((row) => ({
        tokenHash: row.token_hash,
        id: row.id,
        device: row.device,
        signedInAt: row.created_at,
        lastSeenAt: row.last_seen_at,
      }));
    },
    async deleteExpired() {
      const result = await pool.query(
        `DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
      );
      return result.rowCount ?? 0;
    },
    caughtUp: () => cache.caughtUp(),
    close: () => cache.close(),
  };
}

/** Session lookups in flight at once; the ones that arrive meanwhile go together in the next. */
const LOOKUPS_IN_FLIGHT = 2;

/**
 * Session lookups batched (createQueryBatcher, LOOKUPS_IN_FLIGHT at once), so under load the
 * requests of a moment cost PostgreSQL one statement. What they find is kept by the store's
 * session cache (session-cache.ts), which a change to a session empties.
 */
function createSessionLookups(pool: Pool, ttl: string, maxAge: string) {
  // Every signed-in request waits for its lookup, so a PostgreSQL that hangs would hold them all:
  // bounded like the reads. The expiry it may move is moved again by the next lookup.
  const lookups = boundedReads(pool, integerSetting('PG_QUERY_TIMEOUT_MS'));
  async function lookUp(hashes: Buffer[]): Promise<(Session | undefined)[]> {
    // Writes only where the expiry is due to move: most lookups are then read-only and cost
    // PostgreSQL no commit to disk.
    const { rows } = await lookups.query<{
      token_hash: Buffer;
      customer_id: string;
      expires_at: Date;
      stepped_up_at: Date | null;
    }>({
      name: 'resolve-sessions',
      text: `WITH live AS (
           SELECT token_hash, customer_id, expires_at, stepped_up_at,
                  least(now() + $2::interval, created_at + $3::interval) AS pushed_to
           FROM sessions
           WHERE token_hash = ANY($1::bytea[]) AND revoked_at IS NULL AND expires_at > now()
             AND created_at + $3::interval > now()
         ), refreshed AS (
           UPDATE sessions s SET expires_at = live.pushed_to, last_seen_at = now()
           FROM live
           WHERE s.token_hash = live.token_hash
             AND live.expires_at < live.pushed_to - interval '1 minute'
           RETURNING s.token_hash, s.expires_at
         )
         SELECT live.token_hash, live.customer_id, live.stepped_up_at,
                coalesce(refreshed.expires_at, live.expires_at) AS expires_at
         FROM live LEFT JOIN refreshed USING (token_hash)`,
      values: [hashes, ttl, maxAge],
    });
    const found = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
    return hashes.map((hash) => {
      const row = found.get(hash.toString('hex'));
      return row
        ? {
            customerId: row.customer_id,
            tokenHash: hash,
            expiresAt: row.expires_at,
            steppedUpAt: row.stepped_up_at,
          }
        : undefined;
    });
  }

  return {
    resolve: createQueryBatcher(LOOKUPS_IN_FLIGHT, lookUp, {
      waitLimitMs: integerSetting('PG_CONNECT_TIMEOUT_MS'),
    }),
  };
}
