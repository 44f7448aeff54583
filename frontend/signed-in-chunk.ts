import path from 'node:path';
import type { Rollup } from 'vite';

type GetModuleInfo = Rollup.GetModuleInfo;

// A signed-in page that a visit starts on (the dashboard, most often) needs the signed-in shell
// and the page's own code before it can show anything. Rollup split that code by which pages
// share it, into a dozen chunks of 1-2 KB: over HTTP/1.1 a browser fetches six at a time, so
// each further six waited a round trip, which on a phone's network was most of the wait for its
// first paint. The code the shell and the dashboard import statically is one chunk, but for what
// the public first screens (the entry, the home page, sign-in) import too: that stays where Rollup
// puts it, so the home page and sign-in do not download the signed-in area's code.

/** The modules whose static imports make up the signed-in area's first screen. */
const SIGNED_IN_FIRST_SCREEN = [
  'src/app/layouts/app-shell.tsx',
  'src/features/dashboard/routes/dashboard.tsx',
  // The schemas the shell's and the dashboard's first calls are checked against.
  'src/lib/shell-contracts.ts',
];

/** Where a signed-out visit starts. */
const PUBLIC_FIRST_SCREENS = [
  'src/main.tsx',
  'src/app/layouts/public-layout.tsx',
  'src/features/public-site/routes/home.tsx',
  'src/features/auth/routes/login.tsx',
];

/** The contract package's index, which re-exports every contract module. */
const CONTRACTS_INDEX = /\/contracts\/src\/index\.ts$/;

/**
 * The contract modules that define the names a module imports (or re-exports) from the contract
 * package's index. Following the index itself would make every page's schemas look needed by
 * every page that imports one of them.
 */
function contractModulesUsed(
  code: string,
  indexId: string,
  getModuleInfo: GetModuleInfo,
): string[] {
  const names = new Set<string>();
  for (const [, list] of code.matchAll(
    /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']@bank\/contracts["']/g,
  )) {
    for (const entry of list!.split(',')) {
      const name = entry
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (name) names.add(name);
    }
  }
  const modules = getModuleInfo(indexId)?.importedIds ?? [];
  return modules.filter((id) => getModuleInfo(id)?.exports?.some((name) => names.has(name)));
}

/** The modules these modules import, directly or not, statically. */
function staticClosure(root: string, files: string[], getModuleInfo: GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const pending = files.map((file) => path.join(root, file));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (CONTRACTS_INDEX.test(imported)) {
        pending.push(...contractModulesUsed(info?.code ?? '', imported, getModuleInfo));
      } else pending.push(imported);
    }
  }
  return seen;
}

/** Rollup's manualChunks for the signed-in area's first screen: 'app-shell', or no opinion. */
export function signedInChunk(root: string) {
  let members: Set<string> | undefined;
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    if (!members) {
      members = staticClosure(root, SIGNED_IN_FIRST_SCREEN, getModuleInfo);
      for (const shared of staticClosure(root, PUBLIC_FIRST_SCREENS, getModuleInfo)) {
        members.delete(shared);
      }
    }
    return members.has(id) ? 'app-shell' : undefined;
  };
}
