import { ApiError } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import {
  CURSOR_REFUSED,
  cursorAfter,
  decodeCursor,
  encodeCursor,
  pageOf,
} from './history-cursor.ts';

const line = (n: number) => ({
  id: n,
  cursor_at: `2026-12-0${(n % 9) + 1}T10:00:00.${String(n).padStart(6, '0')}Z`,
  position: String(1000 + n),
});

describe('pageOf', () => {
  it('cuts the extra line and points the next page after the last line kept', () => {
    const rows = [line(1), line(2), line(3)];
    const { page, nextCursor } = pageOf(rows, 2);
    expect(page.map((r) => r.id)).toEqual([1, 2]);
    expect(nextCursor).not.toBeNull();
    expect(decodeCursor(nextCursor!)).toEqual({ at: line(2).cursor_at, position: 1002 });
  });

  it('hands out no cursor when the rows fit the page, so no empty last page follows', () => {
    expect(pageOf([line(1), line(2)], 2)).toEqual({ page: [line(1), line(2)], nextCursor: null });
    expect(pageOf([], 5)).toEqual({ page: [], nextCursor: null });
  });

  it('names its list in the cursor, so another list refuses it', () => {
    const { nextCursor } = pageOf([line(1), line(2)], 1, 'bill-pay');
    expect(decodeCursor(nextCursor!, 'bill-pay')).toEqual({
      at: line(1).cursor_at,
      position: 1001,
    });
    expect(decodeCursor(nextCursor!)).toBeUndefined();
  });
});

describe('cursorAfter', () => {
  it('starts from the top without a cursor and after the cursor’s line with one', () => {
    expect(cursorAfter(undefined)).toBeUndefined();
    const cursor = encodeCursor({ at: line(4).cursor_at, position: 1004 }, 'bill-pay');
    expect(cursorAfter(cursor, 'bill-pay')).toEqual({ at: line(4).cursor_at, position: 1004 });
  });

  it('refuses junk and other lists’ cursors with a 422 on cursor', () => {
    const other = encodeCursor({ at: line(4).cursor_at, position: 1004 });
    const badDay = Buffer.from('bill-pay|2026-13-40T00:00:00.000000Z|1').toString('base64url');
    for (const text of ['', 'junk', other, badDay]) {
      expect(() => cursorAfter(text, 'bill-pay')).toThrow(ApiError);
      try {
        cursorAfter(text, 'bill-pay');
      } catch (error) {
        expect(error).toMatchObject({ statusCode: 422, errors: { cursor: [CURSOR_REFUSED] } });
      }
    }
  });
});
