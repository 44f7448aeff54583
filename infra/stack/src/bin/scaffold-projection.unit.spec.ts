import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaffoldProjection } from './scaffold-projection.ts';

function fakeRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scaffold-'));
  mkdirSync(path.join(root, 'projections/src/core'), { recursive: true });
  mkdirSync(path.join(root, 'projections/migrations'), { recursive: true });
  writeFileSync(path.join(root, 'projections/migrations/0100_core.sql'), '');
  writeFileSync(path.join(root, 'projections/migrations/0104_other.sql'), '');
  cpSync(
    path.resolve(import.meta.dirname, '../../../../projections/src/index.ts'),
    path.join(root, 'projections/src/index.ts'),
  );
  return root;
}

describe('npm run new-projection', () => {
  it('creates the projection, its test and its migration, and registers it', () => {
    const root = fakeRepository();
    const result = scaffoldProjection(root, 'monthly-spending');
    expect(result.files).toEqual([
      'projections/src/core/monthly-spending.ts',
      'projections/src/core/monthly-spending.int.spec.ts',
      'projections/migrations/0105_monthly_spending.sql',
    ]);
    const projection = readFileSync(path.join(root, result.files[0]!), 'utf8');
    expect(projection).toContain("name: 'monthly-spending'");
    expect(projection).toContain("tables: ['rm_monthly_spending']");
    const spec = readFileSync(path.join(root, result.files[1]!), 'utf8');
    expect(spec).toContain('givenEvents([');
    expect(spec).toContain(".thenRows('rm_monthly_spending'");
    const index = readFileSync(path.join(root, 'projections/src/index.ts'), 'utf8');
    expect(result.registered).toBe(true);
    expect(index).toContain(
      "import { monthlySpendingProjection } from './core/monthly-spending.ts';",
    );
    expect(index).toMatch(
      /allProjections: Projection\[\] = \[[^\]]*monthlySpendingProjection,\n\];/,
    );
    expect(() => scaffoldProjection(root, 'monthly-spending')).toThrow(/already exists/);
    expect(readdirSync(path.join(root, 'projections/migrations'))).toHaveLength(3);
  });

  it('refuses names that are not kebab-case', () => {
    expect(() => scaffoldProjection(fakeRepository(), 'Bad_Name')).toThrow(/kebab-case/);
  });
});
