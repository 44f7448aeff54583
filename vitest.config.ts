import { defineConfig } from 'vitest/config';

// Most test files wait on PostgreSQL, Redis, Kafka or Chromium rather than compute, and each has
// a database of its own; Vitest's default on 2 cores (one file at a time) left the CPUs idle for
// most of a run. The fast files run three at a time, then the browser files two at a time, then
// the Kafka files three at a time.
export const FAST_FILES_AT_ONCE = 3;

const BACKEND_FILES = [
  'contracts/src/**/*.spec.ts',
  'events/src/**/*.spec.ts',
  'infra/src/**/*.spec.ts',
  'server/src/**/*.spec.ts',
  'projections/src/**/*.spec.ts',
  'audit/src/**/*.spec.ts',
  'command-api/src/**/*.spec.ts',
  'query-api/src/**/*.spec.ts',
  'load-tests/src/**/*.spec.ts',
  'bench/src/**/*.spec.ts',
];
const BACKEND_EXCLUDE = ['**/node_modules/**', '**/*.kafka.spec.ts'];

/**
 * Backend files that share their worker's process: pure logic, and the API journeys that only
 * drive a bank of their own through HTTP. The others (the bank's process-wide metrics, tracing,
 * skipped-event counts, the PostgreSQL type parsers, the event loop's timing, spawned services)
 * keep a process each.
 */
const SHARED_PROCESS_FILES = [
  'contracts/src/**/*.spec.ts',
  'events/src/**/*.spec.ts',
  'command-api/src/domain/**/*.spec.ts',
  'command-api/src/routes/**/*.spec.ts',
  'query-api/src/routes/customer.e2e.spec.ts',
  'projections/src/read-models/**/*.spec.ts',
];

const BACKEND = {
  environment: 'node' as const,
  globalSetup: ['server/src/testing/global-setup.ts'],
  maxWorkers: FAST_FILES_AT_ONCE,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Polls wait on read models, queued jobs and other processes, on 2 cores shared by two test
  // files at once: vitest's 1 s default fails a right answer that comes late.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    maxWorkers: FAST_FILES_AT_ONCE,
    projects: [
      'frontend/vitest.config.ts',
      'frontend/vitest.e2e.config.ts',
      'frontend/vitest.lighthouse.config.ts',
      {
        test: {
          ...BACKEND,
          name: 'backend',
          include: BACKEND_FILES,
          exclude: [...BACKEND_EXCLUDE, ...SHARED_PROCESS_FILES],
        },
      },
      {
        test: {
          ...BACKEND,
          name: 'backend-shared',
          include: SHARED_PROCESS_FILES,
          exclude: BACKEND_EXCLUDE,
          // A fresh process per file cost about a second of CPU each (starting Vitest's worker,
          // importing the bank again); these files share their worker's. The setup file puts back
          // the clocks, environment and timers a test may leave moved.
          isolate: false,
          setupFiles: ['command-api/src/testing/shared-process-setup.ts'],
        },
      },
      {
        test: {
          // Scale mode against a real Kafka broker (infra/kafka/kafka.sh; each file starts its own),
          // after the browser journeys, three at a time: two at a time left a core idle for much of
          // their two minutes (a broker's start and a consumer group's rebalance wait, mostly).
          name: 'kafka',
          environment: 'node',
          include: [
            'server/src/**/*.kafka.spec.ts',
            'load-tests/src/**/*.kafka.spec.ts',
            'bench/src/**/*.kafka.spec.ts',
          ],
          globalSetup: ['server/src/testing/global-setup.ts'],
          maxWorkers: FAST_FILES_AT_ONCE,
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
