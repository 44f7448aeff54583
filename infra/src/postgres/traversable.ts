import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Lets other users pass through `dir` and every directory above it (chmod o+x where it is
 * missing; nothing becomes listable or readable). Started as root, the embedded PostgreSQL runs
 * as a 'postgres' user that must reach its binaries and data, and a checkout under a private
 * home (/root is 0700) would otherwise fail with EACCES. Returns the directories it changed.
 */
export function makeTraversable(dir: string): string[] {
  const changed: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, (mode & 0o7777) | 0o001);
      changed.push(current);
    }
    if (path.dirname(current) === current) return changed;
  }
}
