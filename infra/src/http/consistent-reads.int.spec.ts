import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, type Position } from '../event-store/types.ts';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/index.ts';
import { createHttpApp, type BankApp } from './app.ts';
import { consistentReadModelReads } from './consistent-reads.ts';

/**
 * Three read models, each with a table: a query waits for the read models whose tables it names,
 * and the request looks at where they all stand once, not once per query.
 */
const READ_MODELS = ['rm_a', 'rm_b', 'rm_c'];

let owner: Pool;
let app: BankApp;
let positionLooks = 0;
let token: Position;
let openRequests: () => number;

const setCheckpoint = (name: string, position: Position) =>
  owner.query(
    `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
     VALUES ($1, $2::text::xid8, $3)
     ON CONFLICT (projection) DO UPDATE
       SET transaction_id = excluded.transaction_id, global_position = excluded.global_position`,
    [name, position.transactionId.toString(), position.globalPosition],
  );

beforeAll(async () => {
  owner = createPool(testDatabaseUrlAs(await createTestDatabase(), 'owner'), 4);
  for (const name of READ_MODELS) {
    await owner.query(`CREATE TABLE ${name} (n int)`);
    await owner.query(`INSERT INTO ${name} VALUES (1)`);
  }
  // A token is the position of an event a command appended.
  const { rows } = await owner.query<{ id: string; position: string }>(
    `INSERT INTO events (event_id, stream_id, stream_version, type, data)
     VALUES (gen_random_uuid(), 'consistent-reads-1', 1, 'Noted', '{}')
     RETURNING transaction_id::text AS id, global_position::text AS position`,
  );
  token = { transactionId: BigInt(rows[0]!.id), globalPosition: Number(rows[0]!.position) };
  // Counts the looks at projection_positions; every other query goes to the pool untouched.
  const counted = new Proxy(owner, {
    get(target, property) {
      if (property !== 'query') return Reflect.get(target, property, target);
      return (config: unknown, values?: unknown) => {
        if ((config as { name?: string }).name === 'projection-positions') positionLooks += 1;
        return target.query(config as string, values as unknown[]);
      };
    },
  });
  app = createHttpApp({ logLevel: 'silent' });
  await app.register(async (scope) => {
    const reads = consistentReadModelReads(
      scope,
      counted,
      {
        readBy: (sql) => READ_MODELS.filter((name) => sql.includes(name)),
        all: READ_MODELS,
      },
      800,
    );
    const { pool } = reads;
    openRequests = reads.openRequests;
    scope.get('/all', async () => {
      const counts = await Promise.all(
        READ_MODELS.map(async (name) => (await pool.query(`SELECT n FROM ${name}`)).rowCount),
      );
      await pool.query('SELECT n FROM rm_a JOIN rm_b USING (n)');
      return { counts };
    });
    scope.get('/a', async () => ({ rows: (await pool.query('SELECT n FROM rm_a')).rowCount }));
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await owner?.end();
});

const read = (url: string) =>
  app.inject({ method: 'GET', url, headers: { 'x-consistency-token': formatPosition(token) } });

describe('consistent reads per read model', () => {
  it('looks at where the read models stand once for a request whose read models are all there', async () => {
    for (const name of READ_MODELS) await setCheckpoint(name, token);
    positionLooks = 0;
    const answer = await read('/all');
    expect(answer.statusCode).toBe(200);
    expect(positionLooks).toBe(1);
  });

  it('waits for a read model that is behind, and only the queries that read it', async () => {
    const behind = { ...token, globalPosition: token.globalPosition - 1 };
    await setCheckpoint('rm_c', behind);
    positionLooks = 0;
    const onlyA = await read('/a');
    expect(onlyA.statusCode).toBe(200);
    expect(positionLooks).toBe(1);

    positionLooks = 0;
    const catchUp = setTimeout(() => void setCheckpoint('rm_c', token), 150);
    const all = await read('/all');
    clearTimeout(catchUp);
    expect(all.statusCode).toBe(200);
    expect(positionLooks).toBeGreaterThan(1);
  });

  it('answers 503 when a read model it reads does not reach the token in time, and 200 to a route that does not read it', async () => {
    await setCheckpoint('rm_b', { ...token, globalPosition: token.globalPosition - 1 });
    const all = await read('/all');
    expect(all.statusCode).toBe(503);
    expect(all.json()).toMatchObject({ code: 'NOT_YET_CONSISTENT' });
    expect((await read('/a')).statusCode).toBe(200);
  });

  it('holds an async context open only while a request with a token is answered', async () => {
    for (const name of READ_MODELS) await setCheckpoint(name, token);
    const answers = await Promise.all([read('/all'), read('/a'), app.inject('/a')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // Every context closed with its response, so the process stops tracking its promises.
    expect(openRequests()).toBe(0);
  });
});
