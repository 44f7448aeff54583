import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webAppStaleness } from './web-app.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A repository's frontend (built at `builtAt`) beside its contracts, each with one source file. */
function repository(builtAt: Date) {
  const root = mkdtempSync(path.join(tmpdir(), 'web-app-'));
  folders.push(root);
  const frontend = path.join(root, 'frontend');
  for (const dir of ['frontend/src', 'frontend/dist', 'contracts/src']) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  const old = new Date(builtAt.getTime() - 60_000);
  for (const file of ['frontend/src/main.tsx', 'contracts/src/index.ts']) {
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), old, old);
    utimesSync(path.dirname(path.join(root, file)), old, old);
  }
  writeFileSync(path.join(frontend, 'dist/index.html'), '');
  utimesSync(path.join(frontend, 'dist/index.html'), builtAt, builtAt);
  return { root, frontend, dist: path.join(frontend, 'dist') };
}

describe('webAppStaleness', () => {
  it('finds the build current when nothing it is made from changed since', () => {
    const { frontend, dist } = repository(new Date());
    expect(webAppStaleness(dist, frontend)).toBeUndefined();
  });

  it('finds it stale after a change to the contracts, which the web app bundles', () => {
    const builtAt = new Date(Date.now() - 3_600_000);
    const { root, frontend, dist } = repository(builtAt);
    writeFileSync(path.join(root, 'contracts/src/receipts.ts'), 'export {};');
    expect(webAppStaleness(dist, frontend)).toBe('frontend/dist is older than its sources');
  });
});
