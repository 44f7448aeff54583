import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The bank serves frontend/dist, so the browser tests need a build of the current sources: build
 * when dist is missing or older than src (npm test builds first, so this is usually a no-op).
 */
export default async function setup() {
  const index = path.join(root, 'dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'src')),
    statSync(path.join(root, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
