import pg from 'pg';

const TIMESTAMPTZ = 1184;
/** node-postgres' own parser (postgres-date), for every form the fast path below does not take. */
const generalParser = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => unknown;

const ZERO = 48;
const HYPHEN = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const OFFSET_UNITS = [3600, 60, 1] as const;

/** The number written by `count` ASCII digits at `from`, or -1 if any of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    // Past the end charCodeAt gives NaN, which is not a digit either.
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A timestamptz as PostgreSQL writes it with its default DateStyle (ISO), read into a Date: the
 * same instant node-postgres' own parser gives (the fraction truncated to milliseconds), without
 * its regular expressions. Every event read carries one, and that parser was a twentieth of a
 * rebuild's Node time. Takes "YYYY-MM-DD HH:MM:SS[.f…](+|-)HH[:MM[:SS]]" with a year from 100 on;
 * anything else (BC, infinity, a year of five digits or below 100) goes to the general parser.
 */
export function parseTimestamptz(text: string): unknown {
  if (
    text.length < 22 ||
    text.charCodeAt(4) !== HYPHEN ||
    text.charCodeAt(7) !== HYPHEN ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  ) {
    return generalParser(text);
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  // Years below 100 would be read as 19xx by Date.UTC; the general parser corrects for that.
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
    return generalParser(text);
  }
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === DOT) {
    at += 1;
    let scale = 100;
    for (;;) {
      const digit = text.charCodeAt(at) - ZERO;
      if (!(digit >= 0 && digit <= 9)) break;
      millis += digit * scale;
      scale = scale === 1 ? 0 : scale / 10;
      at += 1;
    }
  }
  const sign = text.charCodeAt(at);
  if (sign !== PLUS && sign !== HYPHEN) return generalParser(text);
  // The offset: hours, then minutes and seconds if present, each after a colon.
  let offsetSeconds = 0;
  for (const unit of OFFSET_UNITS) {
    const value = digitsAt(text, at + 1, 2);
    if (value < 0) return generalParser(text);
    offsetSeconds += value * unit;
    at += 3;
    if (at === text.length || text.charCodeAt(at) !== COLON) break;
  }
  if (at !== text.length) return generalParser(text);
  const offsetMillis = (sign === PLUS ? offsetSeconds : -offsetSeconds) * 1000;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMillis);
}

/** Makes node-postgres read every timestamptz column with parseTimestamptz, in this process. */
export function useFastTimestampParser(): void {
  pg.types.setTypeParser(TIMESTAMPTZ, parseTimestamptz);
}
