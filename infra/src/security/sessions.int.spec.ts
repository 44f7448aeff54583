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
