import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webAppStaleness } from '@bank/stack/testing';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The bank serves frontend/dist, so the browser tests need a build of the current sources: build
 * when dist is missing or older than its sources (npm test builds first, so this is usually a no-op).
 */
export default async function setup() {
  if (!webAppStaleness()) return;
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
