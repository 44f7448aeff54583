import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import type { ThreadedProjectionRunner } from './threaded-runner.ts';

// Read when the bank starts: the projections thread's statements get the bank's own timeout.
process.env.PG_STATEMENT_TIMEOUT_MS = '1500';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  delete process.env.PG_STATEMENT_TIMEOUT_MS;
  await bank?.stop();
});

describe('the projections thread’s connections', () => {
  it('end a statement stuck on a lock after PG_STATEMENT_TIMEOUT_MS, so the projection is reported failing', async () => {
    const runner = bank.runner as ThreadedProjectionRunner;
    const { accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.type === 'checking')!;
    // Someone's session holds a lock on the read model that lets reads through but no writes
    // (a maintenance script's), in a transaction that writes nothing, so the log is not held back.
    const holder = await bank.ownerPool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE rm_accounts IN SHARE MODE');
      await deposit(bank, checking.account_number, 15, { waitForReadModels: false });
      // Without the timeout the projection's UPDATE waited for ever and nothing said so.
      await expect
        .poll(() => runner.failing().get('accounts'), { timeout: 15_000 })
        .toMatch(/statement timeout/);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await expect.poll(() => runner.failing().size, { timeout: 15_000 }).toBe(0);
    const { rows } = await bank.pool.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [checking.id],
    );
    expect(Number(rows[0]!.balance_cents)).toBe(1500);
  });
});
