import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Browser journeys against the real bank (see e2e/README.md). Run with
// `npx vitest run --project frontend-e2e` once this project is listed in the root config.
export default defineProject({
  test: {
    name: 'frontend-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['e2e/**/*.e2e.spec.ts'],
    // The real PostgreSQL and Redis that the backend tests use too (see infra/stack).
    globalSetup: ['../infra/stack/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
