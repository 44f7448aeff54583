import { buildWebApp, webAppStaleness } from '@bank/server/testing';

/**
 * The bank serves frontend/dist, so the browser tests need a build of the current sources: build
 * when dist is missing or older than its sources (npm test builds first, so this is usually a
 * no-op). It is the build `npm run build` makes: Vite called from here would be Vitest's, with
 * NODE_ENV=test, and would bundle React's development build, which the page-weight and
 * Lighthouse tests would then measure.
 */
export default async function setup() {
  const reason = webAppStaleness();
  if (!reason) return;
  console.log(`Web app: ${reason}, building it (npm run build -w frontend)...`);
  const { ok, output } = await buildWebApp();
  if (!ok) throw new Error(`The web app build failed:\n${output}`);
}
