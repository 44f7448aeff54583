import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

// What a page's visitor downloads: every script the browser fetched, whether the HTML named it,
// a module imported it, or the app loaded it on the way to its first screen. The build manifest
// alone misses the chunks the page's code imports at run time. The bench (npm run bench) and the
// page-weight browser test both count a load this way.

/** The scripts a page requests from now on, by path, and a wait until none is still arriving. */
export function recordScripts(page: Page) {
  const requested = new Set<string>();
  const inFlight = new Set<Request>();
  let waiting: (() => void)[] = [];
  const done = (request: Request) => {
    if (!inFlight.delete(request) || inFlight.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    requested.add(new URL(request.url()).pathname);
    inFlight.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    scripts: () => [...requested],
    /** Resolves once every script requested so far has arrived (or failed). */
    settled: () =>
      inFlight.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.push(resolve);
          }),
  };
}

export interface ScriptWeight {
  path: string;
  rawBytes: number;
  /** Compressed as the build ships it (gzip level 9, frontend/vite.config.ts). */
  gzipBytes: number;
}

/** The size of each script served from the build; paths not in it (other origins) are left out. */
export function builtScriptWeights(outDir: string, paths: string[]): ScriptWeight[] {
  return paths
    .filter((p) => existsSync(path.join(outDir, p)))
    .map((p) => {
      const content = readFileSync(path.join(outDir, p));
      return {
        path: p,
        rawBytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
}

export const totalGzipBytes = (weights: ScriptWeight[]) =>
  weights.reduce((sum, w) => sum + w.gzipBytes, 0);
