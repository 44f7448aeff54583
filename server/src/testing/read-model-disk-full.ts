import type { Pool } from '@bank/infra';

/**
 * Makes a read model's disk "full" for the rows whose `column` is `value`: writing them fails as a
 * full disk would, a failure that says nothing about the event, so nothing is parked and the
 * projection stands still, retrying. Needs the schema owner's connections (TestBank.ownerPool).
 * Returns what frees the disk again.
 */
export async function fillReadModelDisk(
  ownerPool: Pool,
  rows: { table: string; column: string; value: string; on: 'INSERT' | 'UPDATE' },
): Promise<() => Promise<void>> {
  const name = `disk_full_for_test_${rows.table}`;
  await ownerPool.query(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.${rows.column}::text = '${rows.value}' THEN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${name} BEFORE ${rows.on} ON ${rows.table}
      FOR EACH ROW EXECUTE FUNCTION ${name}();`);
  return async () => {
    await ownerPool.query(`DROP TRIGGER ${name} ON ${rows.table}; DROP FUNCTION ${name}()`);
  };
}
