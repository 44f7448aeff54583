import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import { runRebuild } from './rebuild-commands.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const descriptions = async () =>
  (
    await bank.ownerPool.query<{ description: string }>(
      'SELECT description FROM rm_transactions ORDER BY id',
    )
  ).rows.map((r) => r.description);

async function rebuild(argv: string[], secretsKey = bank.config.secretsKey) {
  const err = new PassThrough();
  let said = '';
  err.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await runRebuild(
    bank.ownerPool,
    argv,
    { secretsKey, dataDir: bank.config.dataDir },
    { out: () => {}, err },
  );
  return { code, said };
}

describe('npm run rebuild-projection', () => {
  it("rebuilds a read model with the customers' personal data opened, as the bank shows it", async () => {
    const customer = await signedUpCustomer(bank);
    await deposit(bank, customer.accounts[0]!.account_number, 125);
    await bank.runner.catchUp();
    const live = await descriptions();
    expect(live).toContain('Test deposit');

    const { code, said } = await rebuild(['transactions']);
    expect(code).toBe(0);
    expect(said).toMatch(/Rebuilt transactions from \d+ events/);
    expect(await descriptions()).toEqual(live);
    const history = (await customer.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions as { description: string }[];
    expect(history.map((t) => t.description)).toContain('Test deposit');
  });

  it('refuses a secrets key that cannot open the bank’s keys, leaving the read model as it was', async () => {
    const live = await descriptions();
    await expect(rebuild(['transactions'], randomBytes(32).toString('hex'))).rejects.toThrow(
      /key/i,
    );
    expect(await descriptions()).toEqual(live);
    const shadows = await bank.ownerPool.query(
      `SELECT 1 FROM pg_namespace WHERE nspname LIKE 'shadow_%'`,
    );
    expect(shadows.rowCount).toBe(0);
  });

  it('checks determinism with personal data opened, as the bank projects it', async () => {
    const lines: string[] = [];
    const code = await runRebuild(
      bank.ownerPool,
      ['transactions', '--check-determinism'],
      bank.config,
      { out: (line) => lines.push(line), err: new PassThrough() },
    );
    expect(lines.at(-1)).toBe('deterministic');
    expect(code).toBe(0);
  });

  it('refuses to run without a secrets key, and does not make one up in the data directory', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'no-key-'));
    const live = await descriptions();
    await expect(
      runRebuild(
        bank.ownerPool,
        ['transactions'],
        { secretsKey: undefined, dataDir },
        { out: () => {}, err: new PassThrough() },
      ),
    ).rejects.toThrow(/No secrets key: set SECRETS_KEY/);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(await descriptions()).toEqual(live);
    rmSync(dataDir, { recursive: true });
  });

  it('names the projections it knows when given another', async () => {
    const { code, said } = await rebuild(['no-such-projection']);
    expect(code).toBe(2);
    expect(said).toContain('Projections: ');
    expect(said).toContain('transactions');
  });
});
