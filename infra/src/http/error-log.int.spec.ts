import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/index.ts';
import { createHttpApp, type BankApp } from './app.ts';

let pool: Pool;
let app: BankApp;
const lines: Record<string, any>[] = [];

beforeAll(async () => {
  pool = createPool(testDatabaseUrlAs(await createTestDatabase(), 'owner'), 2);
  await pool.query('CREATE TABLE people (email text UNIQUE)');
  await pool.query(`INSERT INTO people VALUES ('alice@example.com')`);
  app = createHttpApp({
    logLevel: 'info',
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  // A defect: the route inserts a row PostgreSQL refuses, and the error reaches the app.
  app.post('/people', async () => {
    await pool.query(`INSERT INTO people VALUES ('alice@example.com')`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
});

describe("a 500's log line", () => {
  it('names the PostgreSQL error, and not the values its detail quotes', async () => {
    const answer = await app.inject({ method: 'POST', url: '/people', payload: {} });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('alice');
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({ code: '23505', constraint: 'people_email_key' });
    expect(JSON.stringify(logged)).not.toContain('alice@example.com');
  });

  it('without a log, goes to stderr without those values either', async () => {
    const silent = createHttpApp({});
    silent.post('/people', async () => {
      await pool.query(`INSERT INTO people VALUES ('alice@example.com')`);
      return { ok: true };
    });
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await silent.inject({ method: 'POST', url: '/people', payload: {} });
      expect(answer.statusCode).toBe(500);
      // As the console prints them.
      const printed = stderr.mock.calls
        .flat()
        .map((value) => inspect(value))
        .join('\n');
      expect(printed).toContain('people_email_key');
      expect(printed).not.toContain('alice@example.com');
    } finally {
      stderr.mockRestore();
      await silent.close();
    }
  });
});
