/**
 * The text PostgreSQL gives for a jsonb value (`data::text`), computed in Node from the value
 * JSON.stringify would have sent: the event hash covers that canonical text, so the bank can hash
 * an event before the database has stored it. jsonb keeps one value per key, orders an object's
 * keys by their UTF-8 length and then bytewise, prints ", " and ": " between items, and stores
 * numbers as numeric (printed without an exponent).
 *
 * Returns undefined where JSON.stringify would (a bare undefined or function): no such text.
 * Throws, as JSON.stringify does, on a BigInt or a cycle.
 */
export function jsonbText(value: unknown): string | undefined {
  return text(prepared(value, ''), 0);
}

/** Deeper than this, a value is taken for a cycle (JSON.stringify would throw on one too). */
const MAX_DEPTH = 1000;

/** The value JSON.stringify serialises in place of `value` (toJSON, boxed primitives). */
function prepared(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key) as unknown;
    if (value instanceof Number) return Number(value);
    if (value instanceof String) return String(value);
    if (value instanceof Boolean) return value.valueOf();
  }
  return value;
}

/** The text of an already prepared value; undefined where JSON has none. */
function text(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      // jsonb escapes exactly what JSON.stringify does, for every string jsonb accepts.
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? numericText(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (depth > MAX_DEPTH) throw new TypeError('Converting circular structure to JSON');
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += ', ';
      out += text(prepared(value[i], String(i)), depth + 1) ?? 'null';
    }
    out += ']';
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    sortKeys(keys);
    out = '{';
    let first = true;
    for (const key of keys) {
      const item = text(prepared(record[key], key), depth + 1);
      if (item === undefined) continue;
      out += first ? `${quoted(key)}: ${item}` : `, ${quoted(key)}: ${item}`;
      first = false;
    }
    out += '}';
  }
  return out;
}

/** Object keys repeat from event to event: their JSON text is kept (a bounded number of them). */
const quotedKeys = new Map<string, string>();

function quoted(key: string): string {
  let known = quotedKeys.get(key);
  if (known === undefined) {
    known = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, known);
  }
  return known;
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** Longer key lists than this are left to Array.prototype.sort. */
const INSERTION_SORT_MAX = 16;

/**
 * Puts an object's keys in jsonb's order, in place. An object's keys are distinct, so every
 * correct sort gives the same order: the short lists most objects of an event have are sorted
 * by insertion, without the work array Array.prototype.sort allocates, and tested for non-ASCII
 * keys one by one rather than joined into one more string (hashing a transfer's events made a
 * fifth of what the main thread allocated for it).
 */
function sortKeys(keys: string[]): void {
  let ascii = true;
  for (const key of keys) {
    if (NOT_ASCII.test(key)) {
      ascii = false;
      break;
    }
  }
  const compare = ascii ? compareAsciiKeys : compareKeys;
  if (keys.length > INSERTION_SORT_MAX) {
    keys.sort(compare);
    return;
  }
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && compare(keys[j]!, key) > 0) {
      keys[j + 1] = keys[j]!;
      j -= 1;
    }
    keys[j + 1] = key;
  }
}

/** jsonb's key order: shorter first, then byte by byte (for ASCII, code unit by code unit). */
const compareAsciiKeys = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** jsonb's key order for any keys: shorter UTF-8 first, then byte by byte. */
function compareKeys(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}

/**
 * A finite number as PostgreSQL's numeric prints it: JavaScript's shortest digits (what
 * JSON.stringify sends), written out without an exponent, as numeric_out does.
 */
export function numericText(value: number): string {
  const text = String(value === 0 ? 0 : value); // -0 is sent as 0
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  // Where the decimal point falls, counted in digits from the left of `digits`.
  const at = (point < 0 ? mantissa.length : point) + exponent;
  const plain =
    at <= 0
      ? `0.${'0'.repeat(-at)}${digits}`
      : at >= digits.length
        ? digits + '0'.repeat(at - digits.length)
        : `${digits.slice(0, at)}.${digits.slice(at)}`;
  return negative ? `-${plain}` : plain;
}
