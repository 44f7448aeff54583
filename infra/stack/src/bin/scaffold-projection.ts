import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ScaffoldResult {
  files: string[];
  registered: boolean;
  exportName: string;
  table: string;
}

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function projectionFile(name: string, exportName: string, table: string): string {
  return `import { defineProjection } from '../projection.ts';

/**
 * ${name}: describe what this read model answers. It owns ${table}; keep copies of anything it
 * needs from other streams in its own tables rather than reading another projection's tables.
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

function testFile(name: string, exportName: string, table: string): string {
  return `import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../toolkit/testing.ts';
import { ${exportName} } from './${name}.ts';

const { givenEvents } = projectionTest(${exportName});

describe('${name} projection', () => {
  it('records each opened account', async () => {
    const accountId = randomUUID();
    const customerId = randomUUID();
    await givenEvents([
      {
        type: 'AccountOpened',
        streamId: \`account-\${accountId}\`,
        data: {
          accountId,
          customerId,
          accountNumber: '100000000001',
          routingNumber: '021000021',
          name: 'Everyday Checking',
          type: 'checking',
          productCode: 'CHK',
          currency: 'USD',
        },
      },
    ]).thenRows('${table}', [
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

/** The next free number among the read-model migrations (they start at 0100). */
function nextMigrationNumber(dir: string): string {
  const numbers = readdirSync(dir)
    .map((f) => /^(\d{4})_/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return String(Math.max(99, ...numbers) + 1).padStart(4, '0');
}

/** Adds the import and the allProjections entry to projections/src/index.ts, if it can. */
function register(indexFile: string, name: string, exportName: string): boolean {
  const source = readFileSync(indexFile, 'utf8');
  const list = /(export const allProjections: Projection\[\] = \[\n(?:.*\n)*?)(\];)/.exec(source);
  const lastCoreImport = [...source.matchAll(/^import .* from '\.\/core\/.*';\n/gm)].pop();
  if (!list || !lastCoreImport) return false;
  const importLine = `import { ${exportName} } from './core/${name}.ts';\n`;
  const at = lastCoreImport.index + lastCoreImport[0].length;
  let updated = source.slice(0, at) + importLine + source.slice(at);
  updated = updated.replace(list[0], `${list[1]}  ${exportName},\n${list[2]}`);
  writeFileSync(indexFile, updated);
  return true;
}

/**
 * Creates a projection (projections/src/core/<name>.ts), its given-then test beside it and a
 * migration for its table, and registers it in allProjections.
 */
export function scaffoldProjection(
  root: string,
  name: string,
  options: { register?: boolean } = {},
): ScaffoldResult {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error('The name must be lower-case kebab-case, e.g. "monthly-spending".');
  }
  const exportName = `${camel(name)}Projection`;
  const table = `rm_${name.replaceAll('-', '_')}`;
  const core = path.join(root, 'projections/src/core');
  const migrations = path.join(root, 'projections/migrations');
  const files = [
    [path.join(core, `${name}.ts`), projectionFile(name, exportName, table)],
    [path.join(core, `${name}.int.spec.ts`), testFile(name, exportName, table)],
    [
      path.join(migrations, `${nextMigrationNumber(migrations)}_${name.replaceAll('-', '_')}.sql`),
      migrationFile(name, table),
    ],
  ] as const;
  for (const [file] of files) {
    if (existsSync(file)) throw new Error(`${path.relative(root, file)} already exists.`);
  }
  if (readdirSync(migrations).some((f) => f.endsWith(`_${name.replaceAll('-', '_')}.sql`))) {
    throw new Error(`A migration for ${name} already exists.`);
  }
  for (const [file, content] of files) writeFileSync(file, content, { flag: 'wx' });
  const registered =
    options.register !== false &&
    register(path.join(root, 'projections/src/index.ts'), name, exportName);
  return { files: files.map(([file]) => path.relative(root, file)), registered, exportName, table };
}
