/**
 * The keys of a label table (key → the words a screen shows), in the order they are written, as
 * the non-empty tuple `z.enum` takes. A table written `as const` always has at least one key.
 */
export function keysOf<K extends string>(table: Readonly<Record<K, unknown>>): [K, ...K[]] {
  return Object.keys(table) as [K, ...K[]];
}
