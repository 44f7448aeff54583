import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { projectionTestCommand, scaffoldProjection } from './scaffold-projection.ts';

function fakeRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scaffold-'));
  const readModels = path.join(root, 'projections/src/read-models');
  mkdirSync(path.join(root, 'projections/migrations'), { recursive: true });
  mkdirSync(path.join(readModels, 'accounts/migrations'), { recursive: true });
  mkdirSync(path.join(readModels, 'transfers/migrations'), { recursive: true });
  writeFileSync(path.join(root, 'projections/migrations/0900_runner.sql'), '');
  writeFileSync(path.join(readModels, 'accounts/migrations/0100_core.sql'), '');
  writeFileSync(path.join(readModels, 'transfers/migrations/0100_core.sql'), '');
  writeFileSync(path.join(readModels, 'transfers/migrations/0904_other.sql'), '');
  cpSync(
    path.resolve(import.meta.dirname, '../../../projections/src/read-models/index.ts'),
    path.join(readModels, 'index.ts'),
  );
  return root;
}

describe('npm run new-projection', () => {
  it('creates the read model’s folder (projection, readers, test, migration) and registers it', async () => {
    const root = fakeRepository();
    const result = await scaffoldProjection(root, 'monthly-spending');
    const folder = 'projections/src/read-models/monthly-spending';
    expect(result.files).toEqual([
      `${folder}/projection.ts`,
      `${folder}/readers.ts`,
      `${folder}/projection.int.spec.ts`,
      `${folder}/migrations/0905_monthly_spending.sql`,
    ]);
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    expect(read(result.files[0]!)).toContain("name: 'monthly-spending'");
    expect(read(result.files[0]!)).toContain("tables: ['rm_monthly_spending']");
    expect(read(result.files[1]!)).toContain('export async function listMonthlySpending(');
    expect(read(result.files[2]!)).toContain('givenEvents([');
    expect(read(result.files[2]!)).toContain(".thenRows('rm_monthly_spending'");
    expect(read(result.files[3]!)).toContain('CREATE TABLE rm_monthly_spending');
    const index = read('projections/src/read-models/index.ts');
    expect(result.registered).toBe(true);
    expect(index).toContain(
      "import { monthlySpendingProjection } from './monthly-spending/projection.ts';",
    );
    expect(index).toMatch(
      /allProjections: Projection\[\] = \[[^\]]*monthlySpendingProjection,\n\];/,
    );
    expect(index).toContain("export * from './monthly-spending/readers.ts';");
    await expect(scaffoldProjection(root, 'monthly-spending')).rejects.toThrow(/already exists/);
    expect(readdirSync(path.join(root, folder, 'migrations'))).toHaveLength(1);
  });

  it('numbers the migration after the event store’s migrations too, which apply in the same list', async () => {
    const root = fakeRepository();
    mkdirSync(path.join(root, 'infra/migrations'), { recursive: true });
    writeFileSync(path.join(root, 'infra/migrations/0001_event_store.sql'), '');
    writeFileSync(path.join(root, 'infra/migrations/0960_stream_heads.sql'), '');
    const result = await scaffoldProjection(root, 'monthly-spending');
    expect(result.files[3]).toBe(
      'projections/src/read-models/monthly-spending/migrations/0961_monthly_spending.sql',
    );
  });

  it('refuses names that are not kebab-case', async () => {
    await expect(scaffoldProjection(fakeRepository(), 'Bad_Name')).rejects.toThrow(/kebab-case/);
  });

  it('writes code the formatter check passes, even for a long name', async () => {
    const root = fakeRepository();
    const result = await scaffoldProjection(root, 'merchant-category-monthly-spending');
    // The repository's own settings, as `npm run format:check` applies them.
    const config = await resolveConfig(path.resolve(import.meta.dirname, 'new-projection.ts'));
    for (const file of result.files.filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(path.join(root, file), 'utf8');
      expect(await check(source, { ...config, filepath: file }), file).toBe(true);
    }
  });

  it('tells how to run the new test with a command that finds it', async () => {
    const root = fakeRepository();
    const result = await scaffoldProjection(root, 'monthly-spending');
    expect(result.testCommand).toBe(projectionTestCommand('monthly-spending'));
    // The same command for a read model of this repository, listed rather than run.
    const [npx, vitest, , ...filters] = projectionTestCommand('accounts').split(' ');
    expect([npx, vitest]).toEqual(['npx', 'vitest']);
    const listed = await new Promise<string>((resolve, reject) => {
      execFile(
        'npx',
        ['vitest', 'list', '--filesOnly', ...filters],
        { cwd: path.resolve(import.meta.dirname, '../../..'), timeout: 60_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    expect(listed).toContain('projections/src/read-models/accounts/projection.int.spec.ts');
  });
});
