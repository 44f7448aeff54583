import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { OWNER_ROLE } from '../postgres/roles.ts';

/**
 * Who a test connects as: the application role (what the bank's pool uses: no direct writes to
 * `events`), the migration role that owns the schema, or the cluster's superuser.
 */
export type TestDatabaseRole = 'app' | 'owner' | 'superuser';

/** This worker's PostgreSQL server: files that run at the same time never share one. */
function server() {
  const servers = inject('pgServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(Math.max(worker, 1) - 1) % servers.length]!;
}

function roleBaseUrl(role: TestDatabaseRole): string {
  if (role === 'app') return server().appUrl;
  if (role === 'owner') return server().ownerUrl;
  return server().adminUrl;
}

/** The URL of the same database as `url`, connecting as `role`. */
export function testDatabaseUrlAs(url: string, role: TestDatabaseRole): string {
  const target = new URL(roleBaseUrl(role));
  target.pathname = new URL(url).pathname;
  return target.toString();
}

/** Creates a fresh, migrated database for one test file and returns its URL (as the app role). */
export async function createTestDatabase(
  options: { role?: TestDatabaseRole } = {},
): Promise<string> {
  const adminUrl = server().adminUrl;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${name} OWNER ${OWNER_ROLE} TEMPLATE ${inject('pgTemplate')}`,
    );
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return testDatabaseUrlAs(url.toString(), options.role ?? 'app');
}

export function testRedisUrl(): string {
  return inject('redisUrl');
}
