import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export interface ScaffoldResult {
  files: string[];
  registered: boolean;
  exportName: string;
  table: string;
  /** How to run the new read model's test. */
  testCommand: string;
}

/**
 * Runs a read model's test. No `--project`: vitest finds the project whose files include it
 * (the read models' tests share a process, under `backend-shared` in vitest.config.ts).
 */
export const projectionTestCommand = (name: string) =>
  `npx vitest run projections/src/read-models/${name}`;

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^[a-z]/, (c) => c.toUpperCase());

function projectionFile(name: string, exportName: string, table: string): string {
  return `import { defineProjection } from '../../projection.ts';

/**
 * ${name}: describe what this read model answers.
 *
 * It owns ${table}. Keep copies of anything it needs from other streams in its own
 * tables rather than reading another projection's tables.
 */
export const ${exportName} = defineProjection({
  name: '${name}',
  tables: ['${table}'],
  handlers: {
    async AccountOpened(d, event, db) {
      await db.query(
        \`INSERT INTO ${table} (account_id, customer_id, opened_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO NOTHING\`,
        [d.accountId, d.customerId, event.recordedAt],
      );
    },
  },
});
`;
}

function readersFile(name: string, table: string): string {
  const row = `${pascal(name)}Row`;
  return `import type { Db } from '../../projection.ts';

/** A row of ${table}. */
export interface ${row} extends Record<string, unknown> {
  account_id: string;
  customer_id: string;
  opened_at: Date;
}

/** What the APIs read of this read model: here, the customer's rows. */
export async function list${pascal(name)}(db: Db, customerId: string): Promise<${row}[]> {
  const { rows } = await db.query<${row}>(
    'SELECT * FROM ${table} WHERE customer_id = $1 ORDER BY opened_at',
    [customerId],
  );
  return rows;
}
`;
}

function testFile(name: string, exportName: string, table: string): string {
  return `import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { accountOpened } from '../given-events.ts';
import { ${exportName} } from './projection.ts';

const { givenEvents } = projectionTest(${exportName}, { sharedDatabase: true });

describe('${name} projection', () => {
  it('records each opened account', async () => {
    const accountId = randomUUID();
    const customerId = randomUUID();
    await givenEvents([accountOpened(accountId, customerId)]).thenRows('${table}', [
      { account_id: accountId, customer_id: customerId, opened_at: '2025-01-01T00:00:00.000Z' },
    ]);
  });
});
`;
}

function migrationFile(name: string, table: string): string {
  return `-- Read model of the ${name} projection.
CREATE TABLE ${table} (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  opened_at timestamptz NOT NULL
);
`;
}

/**
 * The file as the repository's formatter leaves it (a long name makes longer lines), with the
 * settings of the repository this code is in.
 */
async function formatted(file: string, content: string): Promise<string> {
  if (!file.endsWith('.ts')) return content;
  const config = await resolveConfig(import.meta.filename);
  return format(content, { ...config, filepath: file });
}

/**
 * Every migration folder: the event store's, the runner's and the read models'. They apply as one
 * list in name order, so a new migration is numbered after all of them, the event store's too.
 */
function migrationDirs(root: string): string[] {
  const readModels = path.join(root, 'projections/src/read-models');
  return [
    path.join(root, 'infra/migrations'),
    path.join(root, 'projections/migrations'),
    ...readdirSync(readModels).map((name) => path.join(readModels, name, 'migrations')),
  ].filter((dir) => existsSync(dir));
}

/** The next free number among the migrations of every folder (a read model's start at 0100). */
function nextMigrationNumber(dirs: string[]): string {
  const numbers = dirs
    .flatMap((dir) => readdirSync(dir))
    .map((f) => /^(\d{4})_/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return String(Math.max(99, ...numbers) + 1).padStart(4, '0');
}

/** Inserts `line` after the last line matching `after`; false when none does. */
function insertAfterLast(source: string, after: RegExp, line: string): string | undefined {
  const last = [...source.matchAll(after)].pop();
  if (!last) return undefined;
  const at = last.index + last[0].length;
  return source.slice(0, at) + line + source.slice(at);
}

/** Adds the import, the allProjections entry and the readers' export to the read models' index. */
function register(indexFile: string, name: string, exportName: string): boolean {
  const source = readFileSync(indexFile, 'utf8');
  const list = /(export const allProjections: Projection\[\] = \[\n(?:.*\n)*?)(\];)/.exec(source);
  if (!list) return false;
  let updated = source.replace(list[0], `${list[1]}  ${exportName},\n${list[2]}`);
  for (const [after, line] of [
    [
      /^import .* from '\.\/[a-z0-9-]+\/projection\.ts';\n/gm,
      `import { ${exportName} } from './${name}/projection.ts';\n`,
    ],
    [
      /^export \* from '\.\/[a-z0-9-]+\/readers\.ts';\n/gm,
      `export * from './${name}/readers.ts';\n`,
    ],
  ] as const) {
    const next = insertAfterLast(updated, after, line);
    if (next === undefined) return false;
    updated = next;
  }
  writeFileSync(indexFile, updated);
  return true;
}

/**
 * Creates a read model's folder (projections/src/read-models/<name>/): its projection, a migration
 * for its table, its row type and a reader, and its given-then test; and registers it.
 */
export async function scaffoldProjection(
  root: string,
  name: string,
  options: { register?: boolean } = {},
): Promise<ScaffoldResult> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error('The name must be lower-case kebab-case, e.g. "monthly-spending".');
  }
  const exportName = `${camel(name)}Projection`;
  const table = `rm_${name.replaceAll('-', '_')}`;
  const readModels = path.join(root, 'projections/src/read-models');
  const folder = path.join(readModels, name);
  if (existsSync(folder)) throw new Error(`${path.relative(root, folder)} already exists.`);
  const dirs = migrationDirs(root);
  if (dirs.some((dir) => readdirSync(dir).some((f) => f.endsWith(`_${table.slice(3)}.sql`)))) {
    throw new Error(`A migration for ${name} already exists.`);
  }
  const migration = `${nextMigrationNumber(dirs)}_${table.slice(3)}.sql`;
  const files = [
    [path.join(folder, 'projection.ts'), projectionFile(name, exportName, table)],
    [path.join(folder, 'readers.ts'), readersFile(name, table)],
    [path.join(folder, 'projection.int.spec.ts'), testFile(name, exportName, table)],
    [path.join(folder, 'migrations', migration), migrationFile(name, table)],
  ] as const;
  mkdirSync(path.join(folder, 'migrations'), { recursive: true });
  for (const [file, content] of files) {
    writeFileSync(file, await formatted(file, content), { flag: 'wx' });
  }
  const registered =
    options.register !== false && register(path.join(readModels, 'index.ts'), name, exportName);
  return {
    files: files.map(([file]) => path.relative(root, file)),
    registered,
    exportName,
    table,
    testCommand: projectionTestCommand(name),
  };
}
