import { describe, expect, it } from 'vitest';
import { writeBehindDb } from './write-behind.ts';

function recorder() {
  const sent: string[] = [];
  const client = {
    query: async (text: string) => {
      sent.push(text.replace(/\s+/g, ' ').trim());
      return { rows: [{ n: 1 }], rowCount: 1 };
    },
  };
  return { sent, writer: writeBehindDb(client as never) };
}

describe('write-behind', () => {
  it('sends consecutive INSERTs of the same text as one multi-row INSERT, in order', async () => {
    const { sent, writer } = recorder();
    const insert = 'INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO NOTHING';
    await writer.db.query(insert, [1, 'x']);
    await writer.db.query(insert, [2, "it's"]);
    await writer.db.query('UPDATE u SET n = n + $1', [3]);
    await writer.db.query(insert, [4, null]);
    await writer.flush('COMMIT');
    expect(sent).toEqual([
      "INSERT INTO t (a, b) VALUES ('1', 'x'), ('2', 'it''s') ON CONFLICT (a) DO NOTHING; " +
        "UPDATE u SET n = n + '3'; " +
        "INSERT INTO t (a, b) VALUES ('4', NULL) ON CONFLICT (a) DO NOTHING; COMMIT",
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
      expect(sent).toHaveLength(1);
      expect(sent[0]!.split(';')).toHaveLength(2);
    }
  });

  it('sends what is queued before a read, so handlers see their own writes', async () => {
    const { sent, writer } = recorder();
    await writer.db.query('INSERT INTO t (a) VALUES ($1)', [1]);
    const read = await writer.db.query('SELECT count(*) AS n FROM t');
    expect(read.rows).toEqual([{ n: 1 }]);
    expect(sent).toEqual(["INSERT INTO t (a) VALUES ('1')", 'SELECT count(*) AS n FROM t']);
  });
});
