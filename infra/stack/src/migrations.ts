import { migrate, type Pool } from '@bank/infra';
import { projectionsMigrationsDir } from '@bank/projections';

/** Applies the migrations of every package: the event store first, then the read models. */
export function migrateAll(pool: Pool): Promise<string[]> {
  return migrate(pool, [projectionsMigrationsDir]);
}
