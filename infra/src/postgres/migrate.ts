import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool.ts';

const builtInDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Applies versioned SQL files (NNNN_name.sql) in order, once each, under an advisory lock so that
 * several processes starting together do not race. Packages may contribute their own folders.
 */
export async function migrate(pool: Pool, extraDirs: string[] = []): Promise<string[]> {
  const files = [builtInDir, ...extraDirs]
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => /^\d{4}_.+\.sql$/.test(f))
        .map((f) => ({ name: f, file: path.join(dir, f) })),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
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
    for (const { name, file } of files) {
      if (done.has(name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(readFileSync(file, 'utf8'));
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
