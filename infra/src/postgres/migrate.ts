import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool.ts';

/** The event store's own migrations, applied by every `migrate` before the folders it is given. */
export const eventStoreMigrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/** One migration: its name, as recorded in `schema_migrations`, and the files of its parts. */
export interface PlannedMigration {
  name: string;
  files: string[];
}

/**
 * The migrations in the folders, in the order they apply: by name. Files of the same name in
 * several folders are the parts of one migration, applied together in the order of the folders
 * and recorded once: a migration written for several read models' tables is kept as one part in
 * each read model's folder, and a database that has it recorded does not apply it again.
 */
export function planMigrations(dirs: string[]): PlannedMigration[] {
  const byName = new Map<string, string[]>();
  for (const dir of dirs) {
    for (const name of readdirSync(dir)
      .filter((f) => /^\d{4}_.+\.sql$/.test(f))
      .sort()) {
      byName.set(name, [...(byName.get(name) ?? []), path.join(dir, name)]);
    }
  }
  return [...byName.entries()]
    .map(([name, files]) => ({ name, files }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Applies versioned SQL files (NNNN_name.sql) in order, once each, under an advisory lock so that
 * several processes starting together do not race. Packages may contribute their own folders.
 */
export async function migrate(pool: Pool, extraDirs: string[] = []): Promise<string[]> {
  const migrations = planMigrations([eventStoreMigrationsDir, ...extraDirs]);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // A migration over a long log may take a while, as may waiting for another process's.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(7431001)');
    // Checked first: a role without CREATE on the schema (the application's) may call this when
    // everything is applied, and CREATE TABLE IF NOT EXISTS would still need that right.
    const table = await client.query<{ found: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS found",
    );
    if (!table.rows[0]!.found) {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
    }
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const { name, files } of migrations) {
      if (done.has(name)) continue;
      await client.query('BEGIN');
      try {
        for (const file of files) await client.query(readFileSync(file, 'utf8'));
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
        applied.push(name);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7431001)').catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
