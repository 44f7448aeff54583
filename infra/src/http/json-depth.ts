/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * About the most values (strings, numbers, literals, arrays, objects) a request body may hold. The
 * largest form the bank takes, a Zelle split of 100 people, holds a few hundred.
 */
export const MAX_JSON_VALUES = 2_000;

/**
 * What makes JSON text too costly to take, counted over the text (brackets and commas outside
 * strings) before it is parsed:
 * - nesting deeper than `maxDepth`, so no later step (validation, hashing) meets a value deep
 *   enough to overflow its stack;
 * - more than `maxValues` values (each comma or opened array or object starts one): the text
 *   policy and the schema walk every one before any rate limit counts the request, and 40,000
 *   strings in a 160 KB body took 100–200 ms of the event loop every customer shares.
 */
export function jsonTooComplex(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxValues = MAX_JSON_VALUES,
): 'depth' | 'values' | undefined {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      values += 1;
      if (depth > maxDepth) return 'depth';
      if (values > maxValues) return 'values';
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    } else if (c === 0x2c) {
      values += 1;
      if (values > maxValues) return 'values';
    }
  }
  return undefined;
}

/** Whether JSON text nests arrays and objects deeper than `max` (see jsonTooComplex). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonTooComplex(text, max, Infinity) === 'depth';
}

/**
 * Whether JSON text names the same key twice in one object. JSON.parse keeps the last, so
 * `{"amount": 5, "amount": 6}` would be taken as 6 while a log line, a proxy or a person reading
 * the body may take it as 5: a body that says two things is refused rather than guessed at.
 * Every member in the text has the one colon outside strings; `parsed` (the text's JSON.parse)
 * has one own key per member that survived, so fewer keys than colons means a repeat.
 */
export function jsonRepeatsKey(text: string, parsed: unknown): boolean {
  let colons = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) colons += 1;
  }
  if (colons === 0) return false;
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
  return keys < colons;
}
