import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'frontend/vitest.config.ts',
      'frontend/vitest.e2e.config.ts',
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: [
            'contracts/src/**/*.spec.ts',
            'events/src/**/*.spec.ts',
            'infra/src/**/*.spec.ts',
            'infra/stack/src/**/*.spec.ts',
            'projections/src/**/*.spec.ts',
            'command-api/src/**/*.spec.ts',
            'query-api/src/**/*.spec.ts',
            'load-tests/src/**/*.spec.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.kafka.spec.ts'],
          globalSetup: ['infra/stack/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Scale mode against a real Kafka broker (infra/kafka/kafka.sh), one file at a time.
          name: 'kafka',
          environment: 'node',
          include: ['infra/stack/src/**/*.kafka.spec.ts', 'load-tests/src/**/*.kafka.spec.ts'],
          globalSetup: ['infra/stack/src/testing/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
