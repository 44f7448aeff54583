import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { OWNER_ROLE } from '../postgres/roles.ts';

/**
 * Who a test connects as: the application role (what the bank's pool uses: no direct writes to
 * `events`), the migration role that owns the schema, or the cluster's superuser.
 */
export type TestDatabaseRole = 'app' | 'owner' | 'superuser';

function roleBaseUrl(role: TestDatabaseRole): string {
  if (role === 'app') return inject('pgAppUrl');
  if (role === 'owner') return inject('pgOwnerUrl');
  return inject('pgAdminUrl');
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
  const adminUrl = inject('pgAdminUrl');
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
