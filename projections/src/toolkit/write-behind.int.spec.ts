import type { Socket } from 'node:net';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableDb } from './storable.ts';
import { beginApplying, LIVE_CHUNK_EVENTS, sendInOrder, writeBehindDb } from './write-behind.ts';

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

  it("sends a round trip's statements to the server in one write", async () => {
    await pool.query('CREATE TABLE wb_writes (id int PRIMARY KEY)');
    const client = await pool.connect();
    const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    let writes = 0;
    const original = { write: stream._write.bind(stream), writev: stream._writev?.bind(stream) };
    stream._write = (chunk, encoding, callback) => {
      writes += 1;
      original.write(chunk, encoding, callback);
    };
    if (original.writev) {
      stream._writev = (chunks, callback) => {
        writes += 1;
        original.writev!(chunks, callback);
      };
    }
    try {
      const statements = [
        { text: 'BEGIN', values: [] },
        ...[41, 42, 43, 44].map((id) => ({
          text: 'INSERT INTO wb_writes (id) VALUES ($1)',
          values: [id],
        })),
        { text: 'COMMIT', values: [] },
      ];
      writes = 0;
      const results = await sendInOrder(client, statements);
      expect(results).toHaveLength(6);
      expect(writes).toBe(1);
    } finally {
      client.release(true);
    }
    const { rows: stored } = await pool.query('SELECT count(*)::int AS n FROM wb_writes');
    expect(stored).toEqual([{ n: 4 }]);
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

  it("keeps one plan per statement for a live chunk, probing by key; a catch-up's is planned per call", async () => {
    // A live chunk: read at the head, however many events a busy moment puts in it.
    await pool.query(
      `CREATE TABLE wb_probe (id int PRIMARY KEY, total bigint NOT NULL);
       INSERT INTO wb_probe SELECT g, 0 FROM generate_series(1, 20000) g;`,
    );
    const move =
      'UPDATE wb_probe p SET total = p.total + v.delta FROM unnest($1::int[], $2::bigint[]) AS v(id, delta) WHERE p.id = v.id';
    const client = await pool.connect();
    const chunk = async (events: number, atHead: boolean, ids: number[]) => {
      const writer = writeBehindDb(client, 1000, beginApplying(events, atHead));
      await writer.db.query(move, [ids, ids.map(() => 1)]);
      await writer.flush('COMMIT');
    };
    const plans = async () => {
      const { rows } = await client.query<{ name: string; generic: string; custom: string }>(
        `SELECT name, generic_plans::text AS generic, custom_plans::text AS custom
           FROM pg_prepared_statements WHERE statement = $1`,
        [move],
      );
      return {
        name: rows[0]!.name,
        generic: Number(rows[0]!.generic),
        custom: Number(rows[0]!.custom),
      };
    };
    try {
      for (let i = 0; i < 8; i += 1) await chunk(i % 2 === 0 ? 3 : 300, true, [1 + i, 100 + i]);
      const live = await plans();
      expect(live.custom).toBe(0);
      expect(live.generic).toBeGreaterThanOrEqual(8);

      await client.query(beginApplying(2, true));
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE "${live.name}"('{1,2}', '{1,1}')`,
      );
      await client.query('ROLLBACK');
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using wb_probe_pkey');
      expect(plan).not.toMatch(/Seq Scan on wb_probe|Hash/);

      // Behind the head (a catch-up's batch, even a short one), or too large for a live poll.
      await chunk(3, false, [1, 2, 3]);
      expect((await plans()).custom).toBe(1);
      await chunk(LIVE_CHUNK_EVENTS + 1, true, [1, 2, 3]);
      expect((await plans()).custom).toBe(2);
    } finally {
      client.release();
    }
    const { rows } = await pool.query('SELECT sum(total)::int AS moved FROM wb_probe');
    expect(rows[0]).toEqual({ moved: 22 });
  });
});
