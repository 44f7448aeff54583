import type { Pool } from '@bank/infra';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Plays a crash right after an event is recorded: once an event of `type` about `customerId` is
 * in the log, every write to `tables` fails, as if the process had died there. Statement
 * triggers, so a write that would touch no row fails too. Call the returned function to undo.
 * Needs the schema owner's connections (TestBank.ownerPool).
 */
export async function crashAfterRecord(
  ownerPool: Pool,
  recorded: { type: string; customerId: string },
  tables: readonly string[],
): Promise<() => Promise<void>> {
  if (!UUID.test(recorded.customerId) || !/^[A-Za-z]+$/.test(recorded.type)) {
    throw new Error(`Not a customer id and event type: ${JSON.stringify(recorded)}`);
  }
  const name = `crash_after_${recorded.type.toLowerCase()}`;
  await ownerPool.query(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM events WHERE type = '${recorded.type}'
                  AND data->>'customerId' = '${recorded.customerId}') THEN
        RAISE EXCEPTION 'crashed after %', '${recorded.type}';
      END IF;
      RETURN NULL;
    END $$;
    ${tables
      .map(
        (table) =>
          `CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE OR DELETE ON ${table}
             FOR EACH STATEMENT EXECUTE FUNCTION ${name}();`,
      )
      .join('\n')}`);
  return async () => {
    await ownerPool.query(
      `${tables.map((table) => `DROP TRIGGER ${name} ON ${table};`).join('\n')}
       DROP FUNCTION ${name}();`,
    );
  };
}
