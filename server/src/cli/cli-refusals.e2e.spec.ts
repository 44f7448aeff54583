import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bank/infra/testing';
import { allProjectionNames } from '@bank/projections';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_USAGE } from './audit-commands.ts';
import { jsonLines } from '../testing/run-script.ts';
import { KEYS_USAGE } from './keys-commands.ts';
import { REBUILD_USAGE } from './rebuild-commands.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * `npx tsx server/src/cli/<tool>.ts ...argv` from the repository's root, on a fresh, empty
 * DATA_DIR and the embedded PostgreSQL (on a free port, should the tool start it).
 */
async function runTool(tool: string, argv: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-cli-refusal-'));
  dataDirs.push(dataDir);
  const settings = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MIGRATION_DATABASE_URL: '',
    REDIS_URL: '',
    OPS_TOKEN: 'token',
    BANK_URL: 'http://127.0.0.1:9',
    EMBEDDED_PG_PORT: String(await freePort()),
    ...env,
  };
  return new Promise<{ code: number | null; stdout: string; stderr: string; dataDir: string }>(
    (resolve) => {
      execFile(
        'npx',
        ['tsx', `server/src/cli/${tool}.ts`, ...argv],
        { cwd: root, env: settings, timeout: 90_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr, dataDir }),
      );
    },
  );
}

describe('a command-line tool with a setting present but wrong', () => {
  it.each([
    ['ops', ['ledger'], 'PORT', 'abc'],
    ['audit', ['lag'], 'EMBEDDED_PG_PORT', 'x'],
    ['keys', ['check'], 'PORT', 'abc'],
    ['rebuild-projection', [allProjectionNames[0]!], 'EMBEDDED_PG_PORT', 'x'],
  ])(
    '%s refuses as npm start does: one line naming the setting, exit code 2',
    async (tool, argv, setting, value) => {
      const run = await runTool(tool, argv, { [setting]: value });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const lines = jsonLines(run.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 60,
        msg: `${setting}: expected a whole number, got "${value}"`,
        setting,
      });
      expect(readdirSync(run.dataDir)).toEqual([]);
    },
  );
});

describe('a command-line tool given an unknown command', () => {
  it('audit answers its usage and exit code 2 without opening the database', async () => {
    const run = await runTool('audit', ['bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`Unknown command "bogus".\n${AUDIT_USAGE}\n`);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });

  it('keys answers its usage and exit code 2 without opening the database', async () => {
    const run = await runTool('keys', ['bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`Unknown command "bogus".\n${KEYS_USAGE}\n`);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });
});

describe('audit given an option or an argument its command does not take', () => {
  it.each([
    [
      ['balance', '00000000-0000-4000-8000-000000000000', '--as-of', '2025-03-31'],
      'balance takes no option --as-of.',
    ],
    [
      [
        'statement',
        '00000000-0000-4000-8000-000000000000',
        '--month',
        '2025-03',
        '--fromat',
        'pdf',
      ],
      'statement takes no option --fromat.',
    ],
    [['verify', '--digest', 'mine.log'], 'verify takes no option --digest.'],
    [['lag', 'extra'], 'Unexpected argument "extra".'],
  ])('%j is refused with exit code 2 rather than answer another figure', async (argv, reason) => {
    const run = await runTool('audit', argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${reason}\n${AUDIT_USAGE}\n`);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });
});

describe('rebuild-projection given a name no projection has', () => {
  it('says so before its usage, with exit code 2, without opening the database', async () => {
    const run = await runTool('rebuild-projection', ['completed-transfer']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`No projection is named "completed-transfer".\n${REBUILD_USAGE}\n`);
    expect(readdirSync(run.dataDir)).toEqual([]);
  });
});
