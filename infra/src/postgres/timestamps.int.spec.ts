import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { createPool, type Pool } from './pool.ts';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 1);
});

afterAll(async () => {
  await pool?.end();
});

const samples = [
  'now()',
  `'2026-11-29 10:45:12.123456+00'`,
  `'2026-03-08 06:59:59.999999 UTC'`,
  // Before standard time zones: offsets in seconds.
  `'1850-06-01 12:00:00 UTC'`,
  `'0044-03-15 12:00:00 UTC BC'`,
  `'0050-01-01 00:00:00 UTC'`,
  `'infinity'`,
  `'-infinity'`,
];

describe('timestamps read from PostgreSQL', () => {
  it.each(['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam'])(
    'are the instants PostgreSQL holds, in session time zone %s',
    async (zone) => {
      const client = await pool.connect();
      try {
        await client.query(`SET TIME ZONE '${zone}'`);
        for (const sample of samples) {
          // The instant in whole milliseconds since 1970, worked out by PostgreSQL itself.
          const { rows } = await client.query<{ value: unknown; text: string; millis: number }>(
            `SELECT ${sample}::timestamptz AS value, ${sample}::timestamptz::text AS text,
                    floor(extract(epoch FROM ${sample}::timestamptz) * 1000)::float8 AS millis`,
          );
          const { value, text, millis } = rows[0]!;
          if (Number.isFinite(millis)) {
            expect(value, text).toBeInstanceOf(Date);
            expect((value as Date).getTime(), text).toBe(millis);
          } else {
            expect(value, text).toBe(millis);
          }
        }
      } finally {
        client.release();
      }
    },
  );

  it('are read by the fast parser in every pool', () => {
    expect(pg.types.getTypeParser(1184, 'text').name).toBe('parseTimestamptz');
  });
});
