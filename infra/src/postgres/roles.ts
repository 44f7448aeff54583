import pg from 'pg';
import type { Pool } from './pool.ts';

/**
 * The bank's two database roles. The owner runs the migrations and owns every table and function;
 * the application role (the request path, projections and jobs) reads everything, writes the
 * read models and other working tables, and appends events only through append_batch(), which
 * runs with its owner's rights. Neither is a superuser.
 */
export const OWNER_ROLE = 'bank_owner';
export const APP_ROLE = 'bank_app';

/** Tables the application role may read but never write. */
export const PROTECTED_TABLES = ['events', 'schema_migrations', 'bank_keys'] as const;

const ident = (name: string) => pg.escapeIdentifier(name);
const literal = (value: string) => pg.escapeLiteral(value);

/**
 * As a superuser connected to the cluster: creates the owner and application roles (or sets their
 * passwords), hands the database, its public schema and every object in it to the owner. Objects
 * created before these roles existed (by the superuser) change hands here.
 */
export async function provisionRoles(
  admin: pg.ClientBase,
  passwords: { owner: string; app: string },
): Promise<void> {
  for (const [role, password] of [
    [OWNER_ROLE, passwords.owner],
    [APP_ROLE, passwords.app],
  ] as const) {
    const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    await admin.query(
      `${verb} ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${literal(password)}`,
    );
  }
  await admin.query(
    `ALTER DATABASE ${ident((await admin.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db)} OWNER TO ${ident(OWNER_ROLE)}`,
  );
  await admin.query(`ALTER SCHEMA public OWNER TO ${ident(OWNER_ROLE)}`);
  await transferOwnership(admin, OWNER_ROLE);
}

/** Gives `owner` every table, view, sequence, function and schema of the bank owned by another role. */
async function transferOwnership(admin: pg.ClientBase, owner: string): Promise<void> {
  const { rows } = await admin.query<{ statement: string }>(
    `WITH bank_schemas AS (
       SELECT oid, nspname, nspowner FROM pg_namespace
        WHERE nspname = 'public' OR nspname LIKE 'shadow\\_%'
     )
     SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, $1::text) AS statement
       FROM bank_schemas WHERE pg_get_userbyid(nspowner) <> $1
     UNION ALL
     SELECT format('ALTER %s %s OWNER TO %I',
                   CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                                  WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
                   c.oid::regclass, $1::text)
       FROM pg_class c JOIN bank_schemas n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND pg_get_userbyid(c.relowner) <> $1
        -- a sequence that belongs to a column changes hands with its table
        AND NOT (c.relkind = 'S' AND EXISTS (
              SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $1::text)
       FROM pg_proc p JOIN bank_schemas n ON n.oid = p.pronamespace
      WHERE p.prokind IN ('f', 'p') AND pg_get_userbyid(p.proowner) <> $1
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    [owner],
  );
  for (const { statement } of rows) await admin.query(statement);
}

/**
 * As the owner, after the migrations: lets `appRole` read every table and write all but the
 * protected ones (now, and for tables the owner creates later, such as a rebuilt read model's),
 * and use the sequences other than the log's. Idempotent; runs at every start, one process at a
 * time.
 */
export async function grantApplicationRole(owner: Pool, appRole: string): Promise<void> {
  const app = ident(appRole);
  const protectedList = PROTECTED_TABLES.map(literal).join(', ');
  // One statement list, one implicit transaction; the migrations' advisory lock, held until it
  // ends, lines up processes started together: concurrent GRANTs on the same catalog rows fail
  // with "tuple concurrently updated".
  await owner.query(`
    SELECT pg_advisory_xact_lock(7431001);
    GRANT USAGE ON SCHEMA public TO ${app};
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${app};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app};
    ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO ${app};
    ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app};
    DO $grant$
    DECLARE
      t record;
    BEGIN
      FOR t IN SELECT c.oid::regclass AS name, c.relname IN (${protectedList}) AS protected
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') LOOP
        IF t.protected THEN
          EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON %s FROM %I', t.name, ${literal(appRole)});
        ELSE
          EXECUTE format('GRANT INSERT, UPDATE, DELETE, TRUNCATE ON %s TO %I', t.name, ${literal(appRole)});
        END IF;
      END LOOP;
    END
    $grant$;
    REVOKE ALL ON SEQUENCE events_global_position_seq FROM ${app};
    REVOKE EXECUTE ON FUNCTION append_batch_each(jsonb) FROM PUBLIC;
  `);
}

export interface RoleCheck {
  role: string;
  superuser: boolean;
  /** The role can INSERT, UPDATE or DELETE rows of `events` directly (it owns it, or was granted). */
  writesEvents: boolean;
}

/** What the role of `pool`'s connections may do to the log. */
export async function checkRole(pool: Pool): Promise<RoleCheck> {
  const { rows } = await pool.query<RoleCheck>(
    `SELECT current_user AS role,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
            has_table_privilege('events', 'INSERT, UPDATE, DELETE') AS "writesEvents"`,
  );
  return rows[0]!;
}
