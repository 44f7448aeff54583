import { describe, expect, it } from 'vitest';
import { ArrayParam } from './array-param.ts';
import { storable } from './storable.ts';
import { writeBehindDb } from './write-behind.ts';

function recorder() {
  const sent: { text: string; values?: unknown[] }[] = [];
  const client = {
    // node-postgres' two forms: (text, values) and a query config (a named, prepared statement).
    query: async (query: string | { text: string; values: unknown[] }, bound?: unknown[]) => {
      const { text, values } = typeof query === 'string' ? { text: query, values: bound } : query;
      sent.push({ text: text.replace(/\s+/g, ' ').trim(), ...(values ? { values } : {}) });
      return { rows: [{ n: 1 }], rowCount: 1 };
    },
  };
  return { sent, writer: writeBehindDb(client as never) };
}

describe('write-behind', () => {
  it('sends consecutive INSERTs of the same text as one multi-row INSERT with bound parameters', async () => {
    const { sent, writer } = recorder();
    const insert = 'INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO NOTHING';
    await writer.db.query(insert, [1, 'x']);
    await writer.db.query(insert, [2, "it's'); DROP TABLE t; --"]);
    await writer.db.query('UPDATE u SET n = n + $1', [3]);
    await writer.db.query(insert, [4, null]);
    await writer.flush('COMMIT');
    expect(sent).toEqual([
      {
        text: 'INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4) ON CONFLICT (a) DO NOTHING',
        values: [1, 'x', 2, "it's'); DROP TABLE t; --"],
      },
      { text: 'UPDATE u SET n = n + $1', values: [3] },
      {
        text: 'INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO NOTHING',
        values: [4, null],
      },
      { text: 'COMMIT' },
    ]);
  });

  it('keeps apart the INSERTs one statement would change: DO UPDATE, own-table reads, subqueries', async () => {
    for (const insert of [
      'INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET a = t.a + 1',
      'INSERT INTO t (a) VALUES ((SELECT max(a) FROM t) + $1)',
      'INSERT INTO t (a) VALUES ((SELECT a FROM other WHERE id = $1))',
    ]) {
      const { sent, writer } = recorder();
      await writer.db.query(insert, [1]);
      await writer.db.query(insert, [2]);
      await writer.flush();
      expect(sent.map((s) => s.values)).toEqual([[1], [2]]);
    }
  });

  it('sends what is queued before a read, so handlers see their own writes', async () => {
    const { sent, writer } = recorder();
    await writer.db.query('INSERT INTO t (a) VALUES ($1)', [1]);
    const read = await writer.db.query('SELECT count(*) AS n FROM t');
    expect(read.rows).toEqual([{ n: 1 }]);
    expect(sent.map((s) => s.text)).toEqual([
      'INSERT INTO t (a) VALUES ($1)',
      'SELECT count(*) AS n FROM t',
    ]);
  });

  it('stops a flush at its first failure, sending nothing after it', async () => {
    const sent: string[] = [];
    const client = {
      query: async (query: string | { text: string }) => {
        const text = typeof query === 'string' ? query : query.text;
        sent.push(text);
        if (text.startsWith('UPDATE')) throw new Error(`failed: ${text}`);
        return { rows: [], rowCount: 0 };
      },
    };
    const writer = writeBehindDb(client as never);
    await writer.db.query('UPDATE a SET n = $1', [1]);
    await writer.db.query('UPDATE b SET n = $1', [1]);
    await expect(writer.flush('COMMIT')).rejects.toThrow('failed: UPDATE a');
    expect(sent).toEqual(['UPDATE a SET n = $1']);
  });
});

describe('storable parameters', () => {
  it('replaces NUL in strings, array elements and JSON keys and values, and nothing else', () => {
    const date = new Date(0);
    expect(storable('a\u0000b')).toBe('a\uFFFDb');
    expect(storable({ 'k\u0000': ['x\u0000', 1, null] })).toEqual({
      'k\uFFFD': ['x\uFFFD', 1, null],
    });
    expect((storable(new ArrayParam(['a\u0000', 'b', null])) as ArrayParam).values).toEqual([
      'a\uFFFD',
      'b',
      null,
    ]);
    expect(storable(date)).toBe(date);
    expect(storable(12)).toBe(12);
  });
});
