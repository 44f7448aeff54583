import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Browser journeys in headless Chromium against the real bank (startTestBank from @bank/server/testing).
export default defineProject({
  test: {
    name: 'frontend-e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: ['frontend/e2e/**/*.e2e.spec.ts'],
    // Lighthouse runs on its own, last (vitest.lighthouse.config.ts).
    exclude: ['**/node_modules/**', 'frontend/e2e/lighthouse.e2e.spec.ts'],
    globalSetup: ['server/src/testing/global-setup.ts', 'frontend/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // A poll waits as long as a page's own default wait (10 s), not Vitest's 1 s: on a loaded
    // machine a screen's first data can take longer than a second to arrive.
    expect: { poll: { timeout: 10_000 } },
    // The files of a worker share its process: the bank and Playwright are imported once per
    // worker, not once per file. Each file still starts its own bank and browser, and none
    // changes the process's environment or clocks.
    isolate: false,
    // Tests a file marks concurrent (the axe scans of every page) run three at a time.
    maxConcurrency: 3,
    // Browser journeys on a loaded 2-core machine are timing-sensitive: one retry, so a test
    // fails the run only when it fails twice in a row.
    retry: 1,
    hookTimeout: 180_000,
    // After the fast files, before the Kafka files (the root config's groups); each file has its
    // own bank and browser.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
