import { describe, expect, it } from 'vitest';
import { hashingThreads } from './passwords.ts';

describe('hashingThreads', () => {
  it('leaves a core for the event loop and PostgreSQL on a small machine', () => {
    expect(hashingThreads(4, 2)).toBe(1);
    expect(hashingThreads(4, 3)).toBe(2);
  });

  it('uses at most half of libuv threads on a large machine', () => {
    expect(hashingThreads(4, 16)).toBe(2);
    expect(hashingThreads(16, 16)).toBe(8);
  });

  it('always hashes on at least one thread', () => {
    expect(hashingThreads(1, 1)).toBe(1);
    expect(hashingThreads(4, 1)).toBe(1);
  });
});
