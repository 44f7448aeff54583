// Keyset cursors of the histories that page newest first by (time, position): the last line's
// instant to the microsecond and its position in the log. A list that names itself (`list`) puts
// its name in front, so a cursor one list handed out is refused by every other.
import type { HistoryCursor } from '@bank/projections';

/** What a list answers, on `cursor`, to a cursor it did not hand out. */
export const CURSOR_REFUSED = 'The cursor is not one this list handed out.';

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * An instant as the cursor writes it (microseconds, UTC) that names a real day and time, from
 * year 1 (PostgreSQL has no year 0).
 */
function isCursorInstant(at: string): boolean {
  if (!CURSOR_AT.test(at) || at.startsWith('0000')) return false;
  const ms = Date.parse(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23);
}

export function encodeCursor(cursor: HistoryCursor, list?: string): string {
  const text = `${cursor.at}|${cursor.position}`;
  return Buffer.from(list === undefined ? text : `${list}|${text}`).toString('base64url');
}

/** The cursor a page of `list` handed out; undefined when the text is not one. */
export function decodeCursor(text: string, list?: string): HistoryCursor | undefined {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (list !== undefined && parts.shift() !== list) return undefined;
  const [at, position, extra] = parts;
  if (extra !== undefined || !at || !isCursorInstant(at) || !/^\d{1,15}$/.test(position ?? '')) {
    return undefined;
  }
  return { at, position: Number(position) };
}
