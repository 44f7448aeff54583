import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTraversable } from './traversable.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('makeTraversable', () => {
  it('lets others pass through every private directory on the way, and changes nothing else', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'private-')); // 0700, like /root
    const nested = path.join(root, 'checkout', 'node_modules');
    mkdirSync(nested, { recursive: true, mode: 0o700 });
    const changed = makeTraversable(nested);
    for (const dir of [root, path.join(root, 'checkout'), nested]) {
      expect(changed).toContain(dir);
      // Traversable by others, still neither readable nor writable by them.
      expect(statSync(dir).mode & 0o777).toBe(0o701);
    }
    expect(makeTraversable(nested)).toEqual([]);
  });
});
