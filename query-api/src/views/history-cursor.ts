// Keyset cursors of the histories that page newest first by (time, position): the last line's
// instant to the microsecond and its position in the log. A list that names itself (`list`) puts
// its name in front, so a cursor one list handed out is refused by every other.
import { fieldError } from '@bank/infra';
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

/**
 * The place a page of `list` starts after: none without a cursor, and a 422 on `cursor` for a
 * cursor this list did not hand out.
 */
export function cursorAfter(text: string | undefined, list?: string): HistoryCursor | undefined {
  if (text === undefined) return undefined;
  const after = decodeCursor(text, list);
  if (!after) throw fieldError({ cursor: [CURSOR_REFUSED] });
  return after;
}

/** A line of a history that pages by cursor: its instant as the cursor writes it and its position. */
export interface CursorLine {
  cursor_at: string;
  position: string | number;
}

/**
 * A page cut from `rows`, read with one line more than `limit` so that the extra line tells
 * whether another page follows. Keyset paging: the next page starts after the page's last line,
 * however the history grows.
 */
export function pageOf<Row extends CursorLine>(
  rows: readonly Row[],
  limit: number,
  list?: string,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ at: last.cursor_at, position: Number(last.position) }, list)
      : null;
  return { page, nextCursor };
}
