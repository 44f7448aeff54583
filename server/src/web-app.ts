import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { frontendDist } from './http-server.ts';

const frontendDir = path.dirname(frontendDist);
const repoRoot = path.dirname(frontendDir);

/**
 * What the built web app is made from, from the frontend's folder: a change to any of these makes
 * frontend/dist stale. The contracts are bundled into it too (its schemas and the bank's words).
 */
const SOURCES = [
  'src',
  '../contracts/src',
  'public',
  'index.html',
  'vite.config.ts',
  'prerender.ts',
  'build-manifest.ts',
  'first-screens.ts',
  'icon-chunks.ts',
  'signed-in-chunk.ts',
  'package.json',
  'tsconfig.json',
];

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) {
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  }
  return newest;
}

/** Why frontend/dist must be (re)built before it is served, or undefined when it is current. */
export function webAppStaleness(dist = frontendDist, sourceDir = frontendDir): string | undefined {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return 'frontend/dist is missing';
  const builtAt = statSync(index).mtimeMs;
  const changed = SOURCES.some((source) => newestMtime(path.join(sourceDir, source)) > builtAt);
  return changed ? 'frontend/dist is older than its sources' : undefined;
}

/**
 * Builds the web app as `npm run build` does: with the frontend's own Vite and production
 * settings whatever the environment says (under Vitest NODE_ENV is `test`, with which Vite would
 * bundle React's development build, three times the size).
 */
export async function buildWebApp(): Promise<{ ok: boolean; output: string }> {
  const output: string[] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', 'frontend'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', (error) => {
      output.push(error.message);
      resolve(1);
    });
    child.on('close', (exitCode) => resolve(exitCode ?? 1));
  });
  return { ok: code === 0, output: output.join('') };
}

/**
 * Builds the web app when frontend/dist is missing or older than its sources, so that
 * `npm start` in a fresh clone serves it with no other step. A failed build is logged and the
 * bank still starts, serving the API alone.
 */
export async function ensureWebAppBuilt(log: (line: string) => void): Promise<void> {
  const reason = webAppStaleness();
  if (!reason) {
    log('Web app: serving frontend/dist (up to date with its sources)');
    return;
  }
  log(`Web app: ${reason}, building it (npm run build -w frontend)...`);
  const started = Date.now();
  const { ok, output } = await buildWebApp();
  if (ok) {
    log(`Web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log(`Web app: the build failed; serving the API only.\n${output}`);
  }
}
