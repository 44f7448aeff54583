import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { benchCrudBaseline } from './index.ts';

// The baseline is a peer the bank is measured against: it must do the work it claims, once per
// answer, or the ratio means nothing.
let url: string;
let pool: Pool;

beforeAll(async () => {
  url = await createTestDatabase({ role: 'owner' });
  pool = createPool(url, 2);
});
afterAll(async () => {
  await pool.end();
});

describe('the CRUD baseline', () => {
  it('moves money between its accounts, conserving the total, one history row per transfer', async () => {
    const figures = await benchCrudBaseline(url, { clients: 2, durationMs: 1500, openRate: 40 });
    expect(figures.errors).toBe(0);
    expect(figures.transfersPerSecond).toBeGreaterThan(0);
    // The open loop answered every request it sent at the rate asked, and timed each.
    expect(figures.atRate?.errors).toBe(0);
    expect(figures.atRate?.latency.count).toBe(60);
    const { rows } = await pool.query<{ total: string; accounts: string; moved: string }>(
      `SELECT (SELECT sum(balance_cents) FROM crud_accounts)::text AS total,
              (SELECT count(*) FROM crud_accounts)::text AS accounts,
              (SELECT count(*) FROM crud_transfer_history)::text AS moved`,
    );
    expect(BigInt(rows[0]!.total)).toBe(BigInt(rows[0]!.accounts) * 100_000_000n);
    expect(Number(rows[0]!.moved)).toBeGreaterThan(0);
  });
});
