import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createSessionStore, type Session, type SessionStore } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

let pool: Pool;
let sessions: SessionStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 4);
  sessions = createSessionStore(pool, 15 * 60_000);
});

afterAll(async () => {
  await sessions?.close();
  await pool?.end();
});

describe('session lookups that arrive together', () => {
  it('each get their own session, and none once revoked, whichever lookups share a query', async () => {
    const customers = Array.from({ length: 12 }, () => randomUUID());
    const opened = await Promise.all(customers.map((id) => sessions.create(id)));
    const revoked = opened[3]!.token;
    await sessions.revoke(hashToken(revoked));
    const unknown = newToken().token;

    // More lookups at once than go out alone: the rest are answered by shared queries.
    const tokens = [...opened.map((s) => s.token), opened[0]!.token, unknown];
    const found = await Promise.all(tokens.map((token) => sessions.resolve(token)));

    expect(found.map((session) => session?.customerId)).toEqual([
      ...customers.map((id, i) => (i === 3 ? undefined : id)),
      customers[0],
      undefined,
    ]);
    expect(found[0]!.tokenHash).toEqual(hashToken(opened[0]!.token));
    expect(found[0]!.steppedUpAt).toBeInstanceOf(Date);

    // A revocation made elsewhere holds once PostgreSQL has announced it.
    await pool.query('UPDATE sessions SET revoked_at = now() WHERE customer_id = $1', [
      customers[5],
    ]);
    await sessions.caughtUp();
    expect(await sessions.resolve(opened[5]!.token)).toBeUndefined();
    expect((await sessions.resolve(opened[6]!.token))?.customerId).toBe(customers[6]);
  });

  it('pushes the idle expiry forward when it is due, within the absolute lifetime', async () => {
    const customerId = randomUUID();
    const { token } = await sessions.create(customerId);
    await pool.query(
      `UPDATE sessions SET expires_at = now() + interval '5 minutes' WHERE customer_id = $1`,
      [customerId],
    );
    const session = await sessions.resolve(token);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });
});

describe("a customer's list of sessions", () => {
  it('lists only their live sessions, newest first, with the device each was opened from', async () => {
    const customerId = randomUUID();
    const someoneElse = randomUUID();
    const first = await sessions.create(customerId, 'Firefox on Windows');
    const revoked = await sessions.create(customerId, 'Safari on iOS');
    const expired = await sessions.create(customerId, 'Edge on Windows');
    const latest = await sessions.create(customerId, `Chrome on macOS${'!'.repeat(500)}`);
    await sessions.create(someoneElse, 'Chrome on Linux');
    await sessions.revoke(hashToken(revoked.token));
    await pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(expired.token)],
    );
    // Signed in one after the other within a millisecond or so: the order is made plain.
    await pool.query(
      `UPDATE sessions SET created_at = created_at - interval '1 hour' WHERE token_hash = $1`,
      [hashToken(first.token)],
    );

    const listed = await sessions.listLive(customerId);
    expect(listed.map((s) => s.tokenHash)).toEqual([
      hashToken(latest.token),
      hashToken(first.token),
    ]);
    expect(listed[0]!.device).toBe(`Chrome on macOS${'!'.repeat(85)}`);
    expect(listed[1]!.device).toBe('Firefox on Windows');
    expect(listed[1]!.signedInAt.getTime()).toBeLessThan(listed[0]!.signedInAt.getTime());
  });

  it('signs out every other live session, counting only those, and keeps the asking one', async () => {
    const customerId = randomUUID();
    const someoneElse = randomUUID();
    const kept = await sessions.create(customerId, 'Chrome on Linux');
    const others = await Promise.all([1, 2].map(() => sessions.create(customerId)));
    const expired = await sessions.create(customerId);
    const theirs = await sessions.create(someoneElse);
    await pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(expired.token)],
    );

    expect(await sessions.revokeOthers(customerId, hashToken(kept.token))).toBe(2);
    for (const other of others) expect(await sessions.resolve(other.token)).toBeUndefined();
    expect((await sessions.resolve(kept.token))?.customerId).toBe(customerId);
    expect((await sessions.resolve(theirs.token))?.customerId).toBe(someoneElse);
    expect(await sessions.revokeOthers(customerId, hashToken(kept.token))).toBe(0);
  });
});

describe('when a session was last used', () => {
  it('moves with the idle expiry as the session is used, and is kept from sign-in on', async () => {
    const customerId = randomUUID();
    const { token } = await sessions.create(customerId, 'Chrome on Linux');
    const [opened] = await sessions.listLive(customerId);
    expect(opened!.lastSeenAt!.getTime()).toBe(opened!.signedInAt.getTime());

    // Used an hour later, once its expiry is due to move (as after a quiet spell).
    await pool.query(
      `UPDATE sessions SET created_at = created_at - interval '1 hour',
         last_seen_at = last_seen_at - interval '1 hour', expires_at = now() + interval '5 minutes'
       WHERE customer_id = $1`,
      [customerId],
    );
    await sessions.resolve(token);
    const [used] = await sessions.listLive(customerId);
    expect(used!.lastSeenAt!.getTime() - used!.signedInAt.getTime()).toBeGreaterThan(59 * 60_000);
  });
});

/** A session store as another process of the bank has it: its own pool, counting its lookups. */
function otherProcess(holdMs = 5000, ttlMs = 15 * 60_000, losesMarkers = false) {
  const own = createPool(pool.options.connectionString!, 4);
  let lookups = 0;
  /** Runs between a lookup's answer from PostgreSQL and its use, when set. */
  let meanwhile: (() => Promise<void>) | undefined;
  const counting = new Proxy(own, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return async (...args: unknown[]) => {
        const lookup = (args[0] as { name?: string }).name === 'resolve-sessions';
        if (lookup) lookups += 1;
        // Its own announcements lost on the way (as through a pooler in transaction mode).
        if (losesMarkers && String(args[0]).includes('pg_notify')) args[1] = ['elsewhere', 'x'];
        const result: unknown = await (target.query as (...a: unknown[]) => unknown).apply(
          target,
          args,
        );
        if (lookup) await meanwhile?.();
        return result;
      };
    },
  });
  const store = createSessionStore(counting, ttlMs, Number.POSITIVE_INFINITY, holdMs);
  return {
    store,
    lookups: () => lookups,
    setMeanwhile(run: typeof meanwhile) {
      meanwhile = run;
    },
    async end() {
      await store.close();
      await own.end();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A looked-up session once the store keeps it: the cache starts listening at its first lookup,
 * and a kept session is answered as the very same object.
 */
async function resolveKept(store: SessionStore, token: string): Promise<Session> {
  for (let i = 0; i < 300; i++) {
    const first = await store.resolve(token);
    if (first && (await store.resolve(token)) === first) return first;
    await sleep(10);
  }
  throw new Error('the session was never kept');
}

describe('sessions kept between lookups', () => {
  it("serves a customer's next requests without asking PostgreSQL again", async () => {
    const other = otherProcess();
    try {
      const { token } = await sessions.create(randomUUID());
      await resolveKept(other.store, token);
      const before = other.lookups();
      for (let i = 0; i < 20; i++) expect(await other.store.resolve(token)).toBeDefined();
      expect(other.lookups()).toBe(before);
      // An unknown token is never kept: each one is looked up.
      const unknown = newToken().token;
      await other.store.resolve(unknown);
      await other.store.resolve(unknown);
      expect(other.lookups()).toBe(before + 2);
    } finally {
      await other.end();
    }
  });

  it("holds this process's own sign-out and step-up for its very next lookup", async () => {
    const { token } = await sessions.create(randomUUID());
    const kept = await resolveKept(sessions, token);
    await pool.query(
      `UPDATE sessions SET stepped_up_at = now() - interval '10 minutes' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    await sessions.caughtUp();
    const aged = await sessions.resolve(token);
    expect(aged!.steppedUpAt!.getTime()).toBeLessThan(kept!.steppedUpAt!.getTime() - 9 * 60_000);
    await resolveKept(sessions, token);

    const proved = await sessions.stepUp(hashToken(token));
    expect((await sessions.resolve(token))!.steppedUpAt).toEqual(proved);
    await sessions.revoke(hashToken(token));
    expect(await sessions.resolve(token)).toBeUndefined();
  });

  it('holds a change made by another process, or by hand, once it is announced', async () => {
    const other = otherProcess();
    try {
      const customerId = randomUUID();
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => sessions.create(customerId)));
      for (const { token } of [a!, b!, c!]) await resolveKept(other.store, token);

      await sessions.revoke(hashToken(a!.token));
      await other.store.caughtUp();
      expect(await other.store.resolve(a!.token)).toBeUndefined();

      await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
        hashToken(b!.token),
      ]);
      await other.store.caughtUp();
      expect(await other.store.resolve(b!.token)).toBeUndefined();

      await pool.query(`DELETE FROM sessions WHERE token_hash = $1`, [hashToken(c!.token)]);
      await other.store.caughtUp();
      expect(await other.store.resolve(c!.token)).toBeUndefined();
    } finally {
      await other.end();
    }
  });

  it('does not keep what a lookup read before a change announced while it was under way', async () => {
    const other = otherProcess();
    try {
      const listening = await sessions.create(randomUUID());
      await resolveKept(other.store, listening.token);
      const { token } = await sessions.create(randomUUID());
      other.setMeanwhile(async () => {
        other.setMeanwhile(undefined);
        await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
          hashToken(token),
        ]);
        await other.store.caughtUp();
      });
      // Read while live, then revoked and announced before the answer is used: not kept.
      expect(await other.store.resolve(token)).toBeDefined();
      expect(await other.store.resolve(token)).toBeUndefined();
    } finally {
      await other.end();
    }
  });

  it('empties itself when waiting for an announcement that never comes', async () => {
    const other = otherProcess(5000, 15 * 60_000, true);
    try {
      const { token } = await sessions.create(randomUUID());
      const kept = await resolveKept(other.store, token);
      await other.store.caughtUp();
      expect(await other.store.resolve(token)).not.toBe(kept);
    } finally {
      await other.end();
    }
  });

  it('agrees with the table after any mix of lookups racing changes made elsewhere', async () => {
    const other = otherProcess();
    try {
      const customerId = randomUUID();
      let opened = await sessions.create(customerId);
      for (let round = 0; round < 60; round++) {
        const change = Math.floor(Math.random() * 4);
        const hash = hashToken(opened.token);
        const lookups = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () =>
          other.store.resolve(opened.token),
        );
        await Promise.all([
          ...lookups,
          change === 0 ? sessions.revoke(hash) : undefined,
          change === 1 ? sessions.stepUp(hash) : undefined,
          change === 2
            ? pool.query(
                `UPDATE sessions SET stepped_up_at = now() - interval '1 hour' WHERE token_hash = $1`,
                [hash],
              )
            : undefined,
        ]);
        await other.store.caughtUp();
        const { rows } = await pool.query<{ stepped_up_at: Date; live: boolean }>(
          `SELECT stepped_up_at, revoked_at IS NULL AS live FROM sessions WHERE token_hash = $1`,
          [hash],
        );
        const seen = await other.store.resolve(opened.token);
        if (!rows[0]!.live) {
          expect(seen).toBeUndefined();
          opened = await sessions.create(customerId);
        } else expect(seen!.steppedUpAt).toEqual(rows[0]!.stepped_up_at);
      }
    } finally {
      await other.end();
    }
  });

  it('never serves a session past its expiry, nor past the hold when announcements stop', async () => {
    // Idle sessions end after 600 ms here, so its lookups never push an expiry past that.
    const other = otherProcess(5000, 600);
    const holdingBriefly = otherProcess(400);
    try {
      const shortLived = await sessions.create(randomUUID());
      await pool.query(
        `UPDATE sessions SET expires_at = now() + interval '600 milliseconds' WHERE token_hash = $1`,
        [hashToken(shortLived.token)],
      );
      await resolveKept(other.store, shortLived.token);
      await sleep(700);
      expect(await other.store.resolve(shortLived.token)).toBeUndefined();

      // Its listening connection cut, it misses the announcement of a revocation made meanwhile:
      // the kept session goes with the connection, or at the latest when the hold ends.
      const { token } = await sessions.create(randomUUID());
      await resolveKept(holdingBriefly.store, token);
      await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN sessions_changed'`,
      );
      await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
        hashToken(token),
      ]);
      await sleep(450);
      expect(await holdingBriefly.store.resolve(token)).toBeUndefined();

      // It listens again, and keeps sessions again.
      const later = await sessions.create(randomUUID());
      await resolveKept(holdingBriefly.store, later.token);
      await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
        hashToken(later.token),
      ]);
      await holdingBriefly.store.caughtUp();
      expect(await holdingBriefly.store.resolve(later.token)).toBeUndefined();
    } finally {
      await other.end();
      await holdingBriefly.end();
    }
  });

  it('drops every kept session when the table is emptied (everyone signed out at once)', async () => {
    const other = otherProcess();
    try {
      const { token } = await sessions.create(randomUUID());
      await resolveKept(other.store, token);
      await pool.query('TRUNCATE sessions');
      await other.store.caughtUp();
      expect(await other.store.resolve(token)).toBeUndefined();
    } finally {
      await other.end();
    }
  });
});
