import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Lighthouse measures how fast pages load, so it runs last and alone: beside other browser
// journeys on a 2-core machine its scores measured the neighbours' load, not the pages.
export default defineProject({
  test: {
    name: 'lighthouse',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['frontend/e2e/lighthouse.e2e.spec.ts'],
    globalSetup: ['server/src/testing/global-setup.ts', 'frontend/e2e/support/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    // Each test already takes the median of three runs; a second try only for a broken run.
    retry: 1,
    maxWorkers: 1,
    sequence: { groupOrder: 3 },
  },
});
