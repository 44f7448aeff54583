import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createSessionStore, type SessionStore } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

let pool: Pool;
let sessions: SessionStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 4);
  sessions = createSessionStore(pool, 15 * 60_000);
});

afterAll(async () => {
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

    // A revocation made elsewhere holds for the very next lookup: nothing is cached.
    await pool.query('UPDATE sessions SET revoked_at = now() WHERE customer_id = $1', [
      customers[5],
    ]);
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
