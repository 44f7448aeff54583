import { describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import { isPartitionSafe, NEEDS_GLOBAL_ORDER, PARTITION_SAFE } from './partition-safety.ts';

/**
 * Scale mode puts a projection on the keyed topic (shared by the workers, order only within a
 * stream) or on the ordered one. Each must have been reviewed for it: a new projection, or a new
 * handler on a partition-safe one, fails here until someone decides which and writes down why.
 */
describe('partition safety review', () => {
  it('every projection is reviewed: partition-safe for all its handlers, or needing the global order', () => {
    const unreviewed = allProjections.filter(
      (p) => !isPartitionSafe(p) && NEEDS_GLOBAL_ORDER[p.name] === undefined,
    );
    expect(unreviewed.map((p) => p.name)).toEqual([]);
  });

  it('no projection is listed both ways, and every listed name exists', () => {
    const names = new Set(allProjections.map((p) => p.name));
    for (const name of Object.keys(PARTITION_SAFE)) {
      expect(names.has(name)).toBe(true);
      expect(NEEDS_GLOBAL_ORDER[name]).toBeUndefined();
    }
    for (const name of Object.keys(NEEDS_GLOBAL_ORDER)) expect(names.has(name)).toBe(true);
  });

  it('a handler added to a partition-safe projection is not safe until reviewed', () => {
    const accounts = allProjections.find((p) => p.name === 'accounts')!;
    expect(isPartitionSafe(accounts)).toBe(true);
    const grown = { ...accounts, handlers: { ...accounts.handlers, TransferSettled: () => {} } };
    expect(isPartitionSafe(grown as never)).toBe(false);
  });
});
