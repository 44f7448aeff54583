import path from 'node:path';
import type { Rollup } from 'vite';

type GetModuleInfo = Rollup.GetModuleInfo;

// Where visits start, as the build's chunking sees them: the modules each first screen is made
// of, found by following static imports through Rollup's module graph.

/** Where a signed-out visit starts. */
export const PUBLIC_FIRST_SCREENS = [
  'src/main.tsx',
  'src/app/layouts/public-layout.tsx',
  'src/features/public-site/routes/home.tsx',
  'src/features/auth/routes/login.tsx',
];

/** The modules whose static imports make up the signed-in area's first screen. */
export const SIGNED_IN_FIRST_SCREEN = [
  'src/app/layouts/app-shell.tsx',
  'src/features/dashboard/routes/dashboard.tsx',
  // The schemas the shell's and the dashboard's first calls are checked against.
  'src/lib/shell-contracts.ts',
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

/** The modules these files (paths under `root`) import, directly or not, statically. */
export function staticClosure(
  root: string,
  files: string[],
  getModuleInfo: GetModuleInfo,
): Set<string> {
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
