import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { testDatabaseUrlAs } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');

let bank: TestBank;
let replay: string;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
  const { user, accounts } = await signedUpCustomer(bank);
  // A history whose replay is well over what a pipe holds (64 KiB), so the replay is still
  // writing when the reader has gone: with less, it may end first and rightly exit 0.
  for (let i = 0; i < 120; i += 1) {
    await deposit(bank, accounts[0]!.account_number, 1, { waitForReadModels: false });
  }
  replay = `npm run --silent audit -- replay ${user.id} --json`;
}, 120_000);
afterAll(async () => {
  await bank?.stop();
});

function piped(reader: string) {
  const url = bank.config.databaseUrl!;
  return spawnSync('bash', ['-o', 'pipefail', '-c', `${replay} | ${reader}`], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      MIGRATION_DATABASE_URL: testDatabaseUrlAs(url, 'owner'),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run audit piped into another program', () => {
  // The reader starts late, as on a loaded machine: the replay has written everything it has
  // and is about to exit when the reader takes its first line and goes.
  it('ends as a Unix tool does when the reader stops early (exit 141, nothing on stderr), not with an unhandled EPIPE or exit 0', () => {
    const run = piped('{ sleep 3; head -1; }');
    expect(run.stdout).toMatch(/^\{"step":1,/);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|node:events/);
    expect(run.status).toBe(141);
  }, 90_000);

  it('hands a slow reader the whole replay before it exits', () => {
    const whole = piped('cat');
    expect(whole.status).toBe(0);
    const run = piped('{ sleep 3; cat; }');
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(64 * 1024);
    expect(run.stdout).toBe(whole.stdout);
  }, 90_000);
});
