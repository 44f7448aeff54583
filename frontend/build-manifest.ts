import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source or chunk. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The key of a chunk: a module's source path (`src/...`), or the name of a shared chunk
 * (`app-shell`), which Rollup keys by its hashed file name.
 */
export function chunkKey(manifest: Manifest, sourceOrName: string): string {
  const key =
    sourceOrName in manifest
      ? sourceOrName
      : Object.keys(manifest).find((k) => manifest[k]!.name === sourceOrName);
  if (key === undefined) throw new Error(`${sourceOrName} is not in the build manifest`);
  return key;
}

/**
 * What loading these chunks fetches before any of them runs: their files and those of every
 * chunk they import statically, with the stylesheets of each (paths under the build root).
 */
export function chunkFiles(
  manifest: Manifest,
  keys: string[],
): { scripts: string[]; stylesheets: string[] } {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!stylesheets.includes(css)) stylesheets.push(css);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { scripts, stylesheets };
}
