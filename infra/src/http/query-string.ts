/**
 * A query string's fields as text. Fastify's default parser keeps a value whose %-escapes are not
 * UTF-8 as the escapes themselves, so `search=%ED%A0%80` searched for the nine characters
 * "%ED%A0%80" and answered 200. Here such a value (or name) becomes an unpaired surrogate, which
 * the text policy refuses as not valid Unicode text, naming the field: the same answer a body
 * gets for the same character. A `%` that starts no escape (`?search=100%`) is kept as typed, as
 * before. Repeated names give an array, `+` is a space, and the object has no prototype, so a
 * field named `__proto__` is only a field.
 */
const NOT_UTF8 = '\uD800';
const PERCENT_STARTING_NO_ESCAPE = /%(?![0-9A-Fa-f]{2})/g;

function decodePart(part: string): string {
  const spaced = part.includes('+') ? part.replaceAll('+', ' ') : part;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced.replace(PERCENT_STARTING_NO_ESCAPE, '%25'));
  } catch {
    return NOT_UTF8;
  }
}

export function parseQueryString(raw: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodePart(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodePart(pair.slice(equals + 1));
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else fields[name] = [seen, value];
  }
  return fields;
}
