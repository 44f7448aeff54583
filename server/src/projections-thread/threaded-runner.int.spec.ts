import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import type { ThreadedProjectionRunner } from './threaded-runner.ts';

let bank: TestBank;
let lines: string[];
beforeAll(async () => {
  lines = [];
  bank = await startTestBank({ log: (line) => lines.push(line) });
});
afterAll(async () => {
  await bank.stop();
});

const runner = () => bank.runner as ThreadedProjectionRunner;

async function balanceBecomes(accountId: string, cents: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await bank.pool.query<{ balance_cents: string }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accountId],
    );
    if (Number(rows[0]?.balance_cents) === cents) return;
    if (Date.now() > deadline) {
      throw new Error(`balance stayed ${rows[0]?.balance_cents}, expected ${cents}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the projections thread of the one-process bank', () => {
  it('keeps the read models moving, and comes back when its thread dies', async () => {
    const { accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.type === 'checking')!;
    const first = runner().thread;
    expect(first).toBeDefined();

    await deposit(bank, checking.account_number, 100);
    await balanceBecomes(checking.id, 10_000);

    await first!.terminate();
    await deposit(bank, checking.account_number, 25);
    await balanceBecomes(checking.id, 12_500);
    expect(runner().thread).toBeDefined();
    expect(runner().thread).not.toBe(first);
    expect(lines.some((line) => line.includes('projections thread exited'))).toBe(true);
  });

  it('ends its thread when the bank stops', async () => {
    const thread = runner().thread!;
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
    await bank.stop();
    await expect(exited).resolves.toBeTypeOf('number');
    expect(runner().thread).toBeUndefined();
  });
});
