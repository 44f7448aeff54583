import { describe, expect, it } from 'vitest';
import { StateCache } from './state-cache.ts';

describe('state cache', () => {
  it('takes a state as current until it is marked stale', () => {
    const cache = new StateCache();
    cache.set('s', 3, 'three');
    expect(cache.get('s')).toEqual({ version: 3, state: 'three', current: true, known: 3 });
    cache.markStale('s');
    expect(cache.get('s')).toMatchObject({ version: 3, current: false });
    cache.set('s', 5, 'five');
    expect(cache.get('s')).toMatchObject({ version: 5, state: 'five', current: true });
  });

  it('never takes a state older than a version the stream is known to have reached as current', () => {
    const cache = new StateCache();
    cache.set('s', 1, 'one');
    // Two unchecked appends of one process: the later one (version 3) reports first.
    cache.markStale('s', 3);
    cache.set('s', 2, 'two');
    expect(cache.get('s')).toMatchObject({ version: 2, current: false });
    cache.set('s', 3, 'three');
    expect(cache.get('s')).toMatchObject({ version: 3, current: true });
  });

  it('ignores a state older than the one it holds, and forgets the least recently used', () => {
    const cache = new StateCache(2);
    cache.set('a', 2, 'a2');
    cache.set('a', 1, 'a1');
    expect(cache.get('a')).toMatchObject({ version: 2, state: 'a2' });
    cache.set('b', 1, 'b1');
    cache.get('a');
    cache.set('c', 1, 'c1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });
});
