/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * About the most values (strings, numbers, literals, arrays, objects) a request body may hold. The
 * largest form the bank takes, a Zelle split of 100 people, holds a few hundred.
 */
export const MAX_JSON_VALUES = 2_000;

/** What one pass over JSON text found (see scanJson). */
export interface JsonScan {
  /** Why the text is too costly to take, if it is (the pass stops there). */
  tooComplex: 'depth' | 'values' | undefined;
  /** The object members (`"key": value`) in the text: one colon outside strings each. */
  members: number;
  /**
   * Where the text writes a number a double cannot hold as written (`6.559999999999999999999`,
   * `12345678901234567890`, `1e400`), as [start, end) offsets: see quoteInexactNumbers.
   */
  inexactNumbers: [number, number][];
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A decimal's value as significant digits and a power of ten: "1.50", "15e-1" → "15e-1". */
function decimalValue(written: string): string {
  const match = /^-?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(written);
  if (!match) return written;
  const fraction = match[2] ?? '';
  let digits = (match[1]! + fraction).replace(/^0+/, '');
  let exponent = Number(match[3] ?? 0) - fraction.length;
  if (digits === '') return '0';
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return `${written.startsWith('-') ? '-' : ''}${digits}e${exponent}`;
}

/**
 * Whether JSON.parse gives the number as written. A decimal of at most 15 significant digits
 * always comes back (a double holds 15 digits); past that, or with an exponent, the double's own
 * shortest decimal is compared with what was written.
 */
function numberWrittenExactly(written: string, significantDigits: number, exponent: boolean) {
  if (significantDigits <= 15 && !exponent) return true;
  // Not a JSON number at all (`1.2.3`): left for JSON.parse to refuse.
  if (!JSON_NUMBER.test(written)) return true;
  const parsed = Number(written);
  return Number.isFinite(parsed) && decimalValue(String(parsed)) === decimalValue(written);
}

/**
 * One pass over JSON text before it is parsed, counting brackets, commas and colons outside
 * strings. It finds what makes the text too costly to take:
 * - nesting deeper than `maxDepth`, so no later step (validation, hashing) meets a value deep
 *   enough to overflow its stack;
 * - more than `maxValues` values (each comma or opened array or object starts one): the text
 *   policy and the schema walk every one before any rate limit counts the request, and 40,000
 *   strings in a 160 KB body took 100–200 ms of the event loop every customer shares;
 * and the members written, for jsonRepeatsKey.
 */
export function scanJson(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxValues = MAX_JSON_VALUES,
): JsonScan {
  let depth = 0;
  let values = 1;
  let members = 0;
  let inString = false;
  const inexactNumbers: [number, number][] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (!inString && (isDigit(c) || c === 0x2d)) {
      const start = i;
      let significant = 0;
      let exponent = false;
      for (; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (isDigit(d)) {
          if (!exponent && (significant > 0 || d !== 0x30)) significant += 1;
        } else if (d === 0x65 || d === 0x45) exponent = true;
        else if (d !== 0x2e && d !== 0x2d && d !== 0x2b) break;
      }
      if (!numberWrittenExactly(text.slice(start, i), significant, exponent)) {
        inexactNumbers.push([start, i]);
      }
      i -= 1;
    } else if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      values += 1;
      if (depth > maxDepth) return { tooComplex: 'depth', members, inexactNumbers };
      if (values > maxValues) return { tooComplex: 'values', members, inexactNumbers };
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    } else if (c === 0x2c) {
      values += 1;
      if (values > maxValues) return { tooComplex: 'values', members, inexactNumbers };
    } else if (c === 0x3a) {
      members += 1;
    }
  }
  return { tooComplex: undefined, members, inexactNumbers };
}

/**
 * The text with each number a double cannot hold as written turned into a string of its digits.
 * JSON.parse would round `6.559999999999999999999` to 6.56 and the schema would take a payment of
 * $6.56 that nobody wrote; as text, every schema judges it as written (an amount with more than
 * two decimals is refused with the amount's own message), and a field that takes only numbers
 * refuses a string.
 */
export function quoteInexactNumbers(text: string, spans: readonly [number, number][]): string {
  if (spans.length === 0) return text;
  let quoted = '';
  let from = 0;
  for (const [start, end] of spans) {
    quoted += `${text.slice(from, start)}"${text.slice(start, end)}"`;
    from = end;
  }
  return quoted + text.slice(from);
}

/** Why JSON text is too costly to take, if it is (see scanJson). */
export function jsonTooComplex(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxValues = MAX_JSON_VALUES,
): 'depth' | 'values' | undefined {
  return scanJson(text, maxDepth, maxValues).tooComplex;
}

/** Whether JSON text nests arrays and objects deeper than `max` (see scanJson). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonTooComplex(text, max, Infinity) === 'depth';
}

/**
 * Whether a body named the same key twice in one object. JSON.parse keeps the last, so
 * `{"amount": 5, "amount": 6}` would be taken as 6 while a log line, a proxy or a person reading
 * the body may take it as 5: a body that says two things is refused rather than guessed at.
 * `parsed` (the text's JSON.parse) has one own key per member that survived, so fewer keys than
 * the text's `members` (scanJson) means a repeat.
 */
export function jsonRepeatsKey(parsed: unknown, members: number): boolean {
  if (members === 0) return false;
  let keys = 0;
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    for (const key of Object.keys(value)) {
      keys += 1;
      pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return keys < members;
}
