import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { migrate, planMigrations } from './migrate.ts';
import { createPool, type Pool } from './pool.ts';

/** Folders of migration files, as packages contribute them: { folder: { file: sql } }. */
function folders(layout: Record<string, Record<string, string>>): string[] {
  const root = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  return Object.entries(layout).map(([folder, files]) => {
    const dir = path.join(root, folder);
    mkdirSync(dir);
    for (const [file, sql] of Object.entries(files)) writeFileSync(path.join(dir, file), sql);
    return dir;
  });
}

let pool: Pool;
beforeAll(async () => {
  // A copy of the migrated template: only the migrations these tests write are new to it.
  pool = createPool(await createTestDatabase({ role: 'owner' }), 2);
});
afterAll(() => pool.end());

const tables = async () =>
  (
    await pool.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'split_%' ORDER BY 1",
    )
  ).rows.map((r) => r.name);

describe('migrate', () => {
  it('orders by name across folders; files of one name are the parts of one migration', () => {
    const [a, b] = folders({
      a: { '9001_one.sql': '', '9003_three.sql': '', 'notes.md': '' },
      b: { '9002_two.sql': '', '9001_one.sql': '' },
    });
    expect(planMigrations([a!, b!])).toEqual([
      {
        name: '9001_one.sql',
        files: [path.join(a!, '9001_one.sql'), path.join(b!, '9001_one.sql')],
      },
      { name: '9002_two.sql', files: [path.join(b!, '9002_two.sql')] },
      { name: '9003_three.sql', files: [path.join(a!, '9003_three.sql')] },
    ]);
  });

  it('applies the parts of a split migration together, in folder order, and records it once', async () => {
    const dirs = folders({
      first: { '9100_split.sql': 'CREATE TABLE split_a (id int PRIMARY KEY);' },
      // Needs the first part's table: it runs after it, in the same transaction.
      second: {
        '9100_split.sql': 'CREATE TABLE split_b (a int REFERENCES split_a (id));',
        '9101_after.sql': 'CREATE TABLE split_c (id int);',
      },
    });
    expect(await migrate(pool, dirs)).toEqual(['9100_split.sql', '9101_after.sql']);
    expect(await tables()).toEqual(['split_a', 'split_b', 'split_c']);
    const { rows } = await pool.query(
      "SELECT name FROM schema_migrations WHERE name LIKE '91%' ORDER BY name",
    );
    expect(rows).toEqual([{ name: '9100_split.sql' }, { name: '9101_after.sql' }]);
    // Recorded: a part that would fail if run again (the table exists) is not run again.
    expect(await migrate(pool, dirs)).toEqual([]);
  });

  it('applies none of the parts when one fails', async () => {
    const dirs = folders({
      good: { '9200_half.sql': 'CREATE TABLE split_half (id int);' },
      bad: { '9200_half.sql': 'CREATE TABLE split_half (id int);' },
    });
    await expect(migrate(pool, dirs)).rejects.toThrow(/Migration 9200_half.sql failed/);
    expect(await tables()).not.toContain('split_half');
  });
});
