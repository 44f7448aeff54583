import { checkRole, createPool, grantApplicationRole, migrate, type Pool } from '@bank/infra';
import { projectionsMigrationDirs } from '@bank/projections';

/** Applies the migrations of every package: the event store first, then the read models. */
export function migrateAll(pool: Pool): Promise<string[]> {
  return migrate(pool, projectionsMigrationDirs);
}

/**
 * Brings the schema up to date before the bank serves. With a migration URL (the role that owns
 * the schema), the migrations run as that role and the role of `pool` (the application's) is
 * granted what it needs; the application's connections then cannot write `events` except through
 * append_batch(). Without one, the migrations run on `pool` itself, as before, and a warning says
 * that the bank can write its log directly.
 */
export async function prepareDatabase(
  pool: Pool,
  migrationUrl: string | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (migrationUrl) {
    const owner = createPool(migrationUrl, 2);
    try {
      await migrateAll(owner);
      const [app, self] = await Promise.all([checkRole(pool), checkRole(owner)]);
      if (app.role !== self.role) await grantApplicationRole(owner, app.role);
    } finally {
      await owner.end();
    }
  } else {
    await migrateAll(pool);
  }
  const check = await checkRole(pool);
  if (check.superuser || check.writesEvents) {
    log(
      `Warning: the bank connects to PostgreSQL as ${check.role}, which ${check.superuser ? 'is a superuser' : 'can write the events table directly'}. ` +
        'Connect as a role that owns nothing (DATABASE_URL) and run the migrations as the owner (MIGRATION_DATABASE_URL); see README, "Database roles".',
    );
  }
}
