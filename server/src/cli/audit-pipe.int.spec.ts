import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

describe('npm run audit piped into a reader that stops early', () => {
  it('ends as a Unix tool does (exit 141, nothing on stderr), not with an unhandled EPIPE', async () => {
    const { user, accounts } = await signedUpCustomer(bank);
    // A history whose replay is well over what a pipe buffers (64 KiB), so the replay is still
    // writing when the reader has gone: with less, it may end first and rightly exit 0.
    for (let i = 0; i < 120; i += 1) {
      await deposit(bank, accounts[0]!.account_number, 1, { waitForReadModels: false });
    }
    const url = bank.config.databaseUrl!;
    const run = spawnSync(
      'bash',
      ['-o', 'pipefail', '-c', `npm run --silent audit -- replay ${user.id} --json | head -1`],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: url,
          MIGRATION_DATABASE_URL: testDatabaseUrlAs(url, 'owner'),
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stdout).toMatch(/^\{"step":1,/);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|node:events/);
    expect(run.status).toBe(141);
  }, 90_000);
});
