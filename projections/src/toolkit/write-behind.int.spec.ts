import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableDb } from './storable.ts';
import { writeBehindDb } from './write-behind.ts';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase({ role: 'owner' }), 2);
  await pool.query('CREATE TABLE wb_test (id int PRIMARY KEY, note text, doc jsonb)');
});
afterAll(async () => {
  await pool.end();
});

const rows = async () =>
  (await pool.query('SELECT id, note, doc FROM wb_test ORDER BY id')).rows as unknown[];

describe('write-behind on PostgreSQL', () => {
  it('stores text SQL would choke on, sent as parameters in one pipelined batch', async () => {
    const client = await pool.connect();
    try {
      const writer = writeBehindDb(client, 1000, 'BEGIN');
      const db = storableDb(writer.db);
      const insert = 'INSERT INTO wb_test (id, note, doc) VALUES ($1, $2, $3)';
      await db.query(insert, [1, "it's $2 \\ '); DROP TABLE wb_test; --", { a: "q'\\" }]);
      await db.query(insert, [2, 'nul\u0000here', { 'k\u0000': 'v\u0000' }]);
      await db.query('UPDATE wb_test SET note = note || $2 WHERE id = $1', [1, '!']);
      await writer.flush('COMMIT');
    } finally {
      client.release();
    }
    expect(await rows()).toEqual([
      { id: 1, note: "it's $2 \\ '); DROP TABLE wb_test; --!", doc: { a: "q'\\" } },
      { id: 2, note: 'nul\uFFFDhere', doc: { 'k\uFFFD': 'v\uFFFD' } },
    ]);
  });

  it('commits nothing of a batch with a failing statement, and the connection stays usable', async () => {
    const client = await pool.connect();
    try {
      const writer = writeBehindDb(client, 1000, 'BEGIN');
      await writer.db.query('INSERT INTO wb_test (id, note) VALUES ($1, $2)', [3, 'three']);
      await writer.db.query('INSERT INTO wb_test (id, note) VALUES ($1, $2)', [1, 'duplicate']);
      await writer.db.query('UPDATE wb_test SET note = $2 WHERE id = $1', [2, 'changed']);
      await expect(writer.flush('COMMIT')).rejects.toThrow(/duplicate key/);
      await client.query('ROLLBACK');
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    expect(((await rows()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2]);
    expect(((await rows()) as { note: string }[])[1]!.note).toBe('nul\uFFFDhere');
  });

  it('plans a write once per connection, through a change of the table and a failed batch', async () => {
    const client = await pool.connect();
    const insert = 'INSERT INTO wb_test (id, note) VALUES ($1, $2)';
    const update = 'UPDATE wb_test SET note = $2 WHERE id = $1 AND note IS DISTINCT FROM $2';
    const batch = async (writes: [string, unknown[]][]) => {
      const writer = writeBehindDb(client, 1000, 'BEGIN');
      for (const [sql, params] of writes) await writer.db.query(sql, params);
      await writer.flush('COMMIT');
    };
    const prepared = async () =>
      (
        await client.query<{ statement: string }>(
          "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%wb\\_test%'",
        )
      ).rows.map((r) => r.statement);
    try {
      await batch([
        [insert, [10, 'ten']],
        [update, [10, 'TEN']],
      ]);
      await batch([[insert, [11, 'eleven']]]);
      const statements = await prepared();
      expect(statements.filter((s) => s.trim() === insert || s === update).length).toBe(2);

      await pool.query('ALTER TABLE wb_test ADD COLUMN extra int');
      await batch([
        [insert, [12, 'twelve']],
        [update, [12, 'TWELVE']],
      ]);

      // The failure aborts the transaction, so PostgreSQL refuses the parse of the statement
      // after it; the next batch must parse it again rather than name one that does not exist.
      const unseen = 'DELETE FROM wb_test WHERE id = $1';
      await expect(
        batch([
          [insert, [10, 'again']],
          [unseen, [11]],
        ]),
      ).rejects.toThrow(/duplicate key/);
      await client.query('ROLLBACK');
      await batch([[unseen, [11]]]);
    } finally {
      client.release();
    }
    const ids = ((await rows()) as { id: number; note: string }[]).filter((r) => r.id >= 10);
    expect(ids).toEqual([
      { id: 10, note: 'TEN', doc: null },
      { id: 12, note: 'TWELVE', doc: null },
    ]);
  });

  it('reads a table whose columns changed: the batch fails once, the next plans afresh', async () => {
    const client = await pool.connect();
    const read = 'SELECT * FROM wb_test WHERE id = $1';
    const once = async () => {
      const writer = writeBehindDb(client, 1000, 'BEGIN');
      try {
        const { rows } = await writer.db.query(read, [12]);
        await writer.flush('COMMIT');
        return rows[0] as Record<string, unknown>;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    };
    try {
      expect(await once()).toMatchObject({ id: 12, note: 'TWELVE' });
      await pool.query('ALTER TABLE wb_test ADD COLUMN later text');
      await expect(once()).rejects.toThrow(/cached plan must not change result type/);
      expect(await once()).toMatchObject({ id: 12, note: 'TWELVE', later: null });
    } finally {
      client.release();
    }
  });
});
