import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Rollup } from 'vite';
import { PUBLIC_FIRST_SCREENS, SIGNED_IN_FIRST_SCREEN, staticClosure } from './first-screens';

type GetModuleInfo = Rollup.GetModuleInfo;

// The app's icons come in two chunks: those the first screens show (the entry, both layouts,
// the home page, sign-in and the dashboard), which load beside the entry, and all the others,
// which load with the first page that shows one. One chunk of every icon made the dashboard
// download about 6 KB gzip of icons only other pages show; an icon per chunk made 15-25 tiny
// requests.

const LUCIDE = '/node_modules/lucide-react/';

/**
 * React's own package (not react-dom): the icons are React components, and the entry needs it
 * too. Left unassigned, Rollup gave it a chunk of its own: one request more on every first screen.
 */
const REACT = /\/node_modules\/react\/|commonjsHelpers/;

/** lucide-react's icon files by every name it exports them under (Bell, BellIcon, LucideBell). */
function iconFilesByName(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const index = readFileSync(
    path.join(path.dirname(require.resolve('lucide-react')), '../esm/lucide-react.mjs'),
    'utf8',
  );
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
  }
  return files;
}

/** The icon files the first screens' modules import from lucide-react. */
function firstScreenIconFiles(root: string, getModuleInfo: GetModuleInfo): Set<string> {
  const byName = iconFilesByName();
  const icons = new Set<string>();
  const firstScreens = [...PUBLIC_FIRST_SCREENS, ...SIGNED_IN_FIRST_SCREEN];
  for (const id of staticClosure(root, firstScreens, getModuleInfo)) {
    if (id.includes('/node_modules/')) continue;
    for (const [, names] of (getModuleInfo(id)?.code ?? '').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
    )) {
      for (const name of names!.split(',')) {
        const file = byName.get(name.trim().split(/\s+as\s+/)[0]!);
        if (file) icons.add(file);
      }
    }
  }
  if (icons.size === 0) throw new Error('icon-chunks: no icon found on the first screens');
  return icons;
}

/** Rollup's manualChunks for the icons: 'icons' (first screens), 'icons-more', or no opinion. */
export function iconChunks(root: string) {
  let firstScreen: Set<string> | undefined;
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    if (REACT.test(id)) return 'icons';
    if (!id.includes(LUCIDE)) return undefined;
    const icon = /\/icons\/([^/]+)$/.exec(id)?.[1];
    if (icon === undefined) return 'icons';
    firstScreen ??= firstScreenIconFiles(root, getModuleInfo);
    return firstScreen.has(icon) ? 'icons' : 'icons-more';
  };
}
