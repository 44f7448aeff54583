import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prng } from '../testing/prng.ts';
import { parseTimestamptz } from './timestamps.ts';

// node-postgres' own parser: the fast one must give the same value for every text.
const reference = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A timestamptz as PostgreSQL's ISO output writes it: trailing zeros of the fraction dropped. */
function written(random: Prng): string {
  const year = random.chance(0.9) ? random.int(1900, 2100) : random.int(100, 9999);
  const date = `${pad(year, 4)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`;
  const time = `${pad(random.int(0, 23), 2)}:${pad(random.int(0, 59), 2)}:${pad(random.int(0, 59), 2)}`;
  const micros = random.chance(0.2) ? 0 : random.int(0, 999_999);
  const fraction = micros === 0 ? '' : `.${pad(micros, 6).replace(/0+$/, '')}`;
  const sign = random.pick(['+', '-']);
  const offset = random.pick([
    pad(random.int(0, 15), 2),
    `${pad(random.int(0, 15), 2)}:${pad(random.int(0, 59), 2)}`,
    `${pad(random.int(0, 15), 2)}:${pad(random.int(0, 59), 2)}:${pad(random.int(0, 59), 2)}`,
  ]);
  return `${date} ${time}${fraction}${sign}${offset}`;
}

describe('parseTimestamptz', () => {
  it('is checked against node-postgres own parser, not against itself', () => {
    expect(reference).not.toBe(parseTimestamptz);
  });

  it('gives the instant node-postgres gives, for 20,000 random timestamps', () => {
    const random = new Prng(20261129);
    for (let i = 0; i < 20_000; i += 1) {
      const text = written(random);
      const fast = parseTimestamptz(text);
      expect(fast, text).toBeInstanceOf(Date);
      expect((fast as Date).getTime(), text).toBe((reference(text) as Date).getTime());
    }
  });

  it('truncates the fraction to milliseconds, as node-postgres does', () => {
    expect((parseTimestamptz('2026-11-29 10:45:12.999999+00') as Date).toISOString()).toBe(
      '2026-11-29T10:45:12.999Z',
    );
    expect((parseTimestamptz('2026-11-29 10:45:12.5-05:30') as Date).toISOString()).toBe(
      '2026-11-29T16:15:12.500Z',
    );
  });

  it('hands the forms it does not read to the general parser', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-12-31 23:59:59+00',
      '12026-01-01 00:00:00+00',
      '2026-11-29 10:45:12+05:',
      '2026-11-29 10:45:12+05:30:00:00',
      '2026-11-29T10:45:12+00',
    ]) {
      const fast = parseTimestamptz(text);
      const expected = reference(text);
      if (expected instanceof Date)
        expect((fast as Date).getTime(), text).toEqual(expected.getTime());
      else expect(fast, text).toEqual(expected);
    }
  });
});
