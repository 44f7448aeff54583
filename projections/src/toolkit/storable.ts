import type { Db } from '../projection.ts';
import { ArrayParam, type ArrayElement } from './array-param.ts';

/** What a NUL character becomes in a read model: PostgreSQL text and jsonb cannot hold one. */
export const NUL_REPLACEMENT = '\uFFFD';

const text = (value: string) =>
  value.includes('\u0000') ? value.replaceAll('\u0000', NUL_REPLACEMENT) : value;

/**
 * A parameter as PostgreSQL can store it: every NUL in its text (in strings, array elements, and
 * the keys and strings of JSON objects) replaced. Events recorded before the HTTP boundary refused
 * NUL still hold some, and the log cannot change: without this one such event stops its
 * projection for good.
 */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return text(value);
  if (value instanceof ArrayParam) {
    return value.values.some((v) => typeof v === 'string' && v.includes('\u0000'))
      ? new ArrayParam(value.values.map((v) => storable(v) as ArrayElement))
      : value;
  }
  if (Array.isArray(value)) return value.map(storable);
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), storable(v)]));
  }
  return value;
}

/** A Db whose every parameter goes through `storable`. */
export function storableDb(db: Db): Db {
  return {
    query: (sql, params) => db.query(sql, params?.map(storable)),
  };
}
