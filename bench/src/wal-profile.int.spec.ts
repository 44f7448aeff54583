import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { walInsertPosition, walProfile, type WalShare } from './wal-profile.ts';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase({ role: 'superuser' }), 2);
});
afterAll(async () => {
  await pool.end();
});

describe("the WAL's profile", () => {
  it('names the table and index a phase wrote, per operation, and accounts for every byte', async () => {
    await pool.query(
      'CREATE TABLE wal_probe (id int PRIMARY KEY, payload text NOT NULL); CHECKPOINT',
    );
    const from = await walInsertPosition(pool);
    // 200 inserts of 1 KB each, each its own commit.
    for (let i = 0; i < 200; i += 1) {
      await pool.query('INSERT INTO wal_probe VALUES ($1, $2)', [i, 'x'.repeat(1000)]);
    }
    const to = await walInsertPosition(pool);
    const profile = await walProfile(pool, from, to, 200);

    const table = profile.top.find((s) => s.where === 'wal_probe')!;
    const index = profile.top.find((s) => s.where === 'wal_probe_pkey')!;
    expect(table.bytes).toBeGreaterThan(1000);
    expect(index.bytes).toBeGreaterThan(0);
    expect(index.bytes).toBeLessThan(table.bytes);
    // The first change of each page after the checkpoint was written whole.
    expect(table.fullPageBytes).toBeGreaterThan(0);
    const listed = profile.top.reduce((sum, s) => sum + s.bytes, 0);
    expect(listed).toBeCloseTo(profile.totalBytes, 6);
    // Other test databases share the cluster and write at the same time, so the order is only
    // checked among the relations of this one.
    const summaries = (s: WalShare) => / smaller relations$|^records' headers/.test(s.where);
    const ranked = profile.top.filter((s) => !summaries(s));
    expect(ranked.map((s) => s.bytes)).toEqual(ranked.map((s) => s.bytes).sort((a, b) => b - a));
    const elsewhere = ['other databases', 'shared catalogs'];
    expect(ranked.find((s) => !elsewhere.includes(s.where))?.where).toBe('wal_probe');
  });
});
