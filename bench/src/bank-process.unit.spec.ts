import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The modules `npm run bench` imports before it starts: what shares the bank's process. */
function staticImportsOf(file: string): string[] {
  const source = readFileSync(here(file), 'utf8');
  return [...source.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?'([^']+)';/gm)]
    .map((match) => match[1]!)
    .filter((specifier) => !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier.startsWith('.')
        ? new URL(specifier, new URL(file, import.meta.url)).href
        : specifier,
    );
}

/**
 * Every module URL a fresh Node process resolves while importing `specifiers`, recorded by a
 * resolve hook (nothing is run but the modules' own top level).
 */
function modulesLoadedBy(specifiers: string[]): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-imports-'));
  try {
    const hook = path.join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      `export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        process.stdout.write('loaded ' + resolved.url + '\\n');
        return resolved;
      }`,
    );
    const register = path.join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});`,
    );
    const main = specifiers.map((s) => `await import(${JSON.stringify(s)});`).join('\n');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(register).href,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `${main}\nprocess.exit(0);`,
      ],
      { cwd: here('.'), encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    return result.stdout
      .split('\n')
      .filter((line) => line.startsWith('loaded '))
      .map((line) => line.slice('loaded '.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the process the bench runs the bank in', () => {
  // The bank is measured in the bench's own process: a test runner's or a browser driver's code
  // loaded beside it made every garbage collection of its heap longer (a third of the heap, and
  // the tail latency with it), which the bank run by `npm start` never carries.
  // One process resolves them all: each test below reads its own part of the list.
  const loaded = (() => {
    let modules: string[] | undefined;
    return () => (modules ??= modulesLoadedBy(staticImportsOf('./index.ts')));
  })();

  it('loads neither a test runner nor a browser driver before the frontend phase', () => {
    expect(staticImportsOf('./index.ts')).toContain('@bank/server');
    expect(loaded().some((url) => url.includes('/server/src/'))).toBe(true);
    const heavy = loaded().filter((url) =>
      /\/node_modules\/(vitest|@vitest|playwright-core)\//.test(url),
    );
    expect(heavy).toEqual([]);
  });

  // The same holds for the bank itself: pdfkit and its font tables are 6.6 MB of its heap, and
  // only statements and receipts draw with them; nothing in the bank runs on KurrentDB.
  it('loads the PDF renderer only when a document is drawn, and no KurrentDB client', () => {
    expect(loaded().some((url) => url.includes('/audit/src/statement-render.ts'))).toBe(true);
    expect(loaded().filter((url) => url.includes('/node_modules/pdfkit/'))).toEqual([]);
    expect(loaded().filter((url) => url.includes('/node_modules/@kurrent/'))).toEqual([]);
    // Nor the OTLP exporter, until tracing is configured.
    expect(loaded().filter((url) => url.includes('/exporter-trace-otlp-http/'))).toEqual([]);
  });
});
