import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deposit,
  fillReadModelDisk,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';
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

/** The read model's disk is full for this account's row: its projection fails until freed. */
const fillAccountRowDisk = (accountId: string) =>
  fillReadModelDisk(bank.ownerPool, {
    table: 'rm_accounts',
    column: 'account_id',
    value: accountId,
    on: 'UPDATE',
  });

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

  it('names a projection that keeps failing to /api/health until it applies again', async () => {
    const { accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.type === 'checking')!;
    const freeDisk = await fillAccountRowDisk(checking.id);
    const health = async () => {
      const response = await fetch(`${bank.baseUrl}/api/health`, {
        headers: { authorization: `Bearer ${bank.opsToken}` },
      });
      const body = (await response.json()) as {
        code?: string;
        data: { projections: { failing: { projection: string; error?: string }[] } };
      };
      return { status: response.status, code: body.code, failing: body.data.projections.failing };
    };
    try {
      await deposit(bank, checking.account_number, 40, { waitForReadModels: false });
      await expect.poll(() => runner().failing().has('accounts'), { timeout: 15_000 }).toBe(true);
      await expect.poll(health, { timeout: 5000 }).toEqual({
        status: 503,
        code: 'DEGRADED',
        failing: [
          { projection: 'accounts', error: 'could not extend file: No space left on device' },
        ],
      });
    } finally {
      await freeDisk();
    }
    await balanceBecomes(checking.id, 4000);
    await expect.poll(() => runner().failing().size, { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await health()).status, { timeout: 5000 }).toBe(200);
    expect(lines.some((line) => line.includes('projection recovered'))).toBe(true);
  });

  it('parks a bad event without calling its projection failing meanwhile', async () => {
    const { accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.type === 'checking')!;
    // This account's row refuses any change: a failure of the event's own, parked after retries.
    await bank.ownerPool.query(`
      CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.account_id = '${checking.id}' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_for_test BEFORE UPDATE ON rm_accounts
        FOR EACH ROW EXECUTE FUNCTION refuse_for_test();`);
    const seenFailing: boolean[] = [];
    try {
      await deposit(bank, checking.account_number, 12, { waitForReadModels: false });
      const parked = async () => {
        seenFailing.push(runner().failing().has('accounts'));
        const { rows } = await bank.pool.query(
          "SELECT 1 FROM parked_events WHERE projection = 'accounts' AND stream_id = $1",
          [`account-${checking.id}`],
        );
        return rows.length;
      };
      await expect.poll(parked, { timeout: 15_000, interval: 20 }).toBe(1);
    } finally {
      await bank.ownerPool.query(
        'DROP TRIGGER refuse_for_test ON rm_accounts; DROP FUNCTION refuse_for_test()',
      );
    }
    expect(seenFailing.length).toBeGreaterThan(5);
    expect(seenFailing).not.toContain(true);
  });

  it('logs a failing projection as an error, but not once the process is stopping', async () => {
    const failedLines = () => lines.filter((line) => line.includes('projection failed'));
    const failOnce = async (stoppingFirst: boolean) => {
      const { accounts } = await signedUpCustomer(bank);
      const checking = accounts.find((a) => a.type === 'checking')!;
      const freeDisk = await fillAccountRowDisk(checking.id);
      if (stoppingFirst) runner().stopping();
      try {
        await deposit(bank, checking.account_number, 7, { waitForReadModels: false });
        await expect.poll(() => runner().failing().has('accounts'), { timeout: 15_000 }).toBe(true);
      } finally {
        await freeDisk();
      }
      await balanceBecomes(checking.id, 700);
      await expect.poll(() => runner().failing().size, { timeout: 10_000 }).toBe(0);
    };

    lines.length = 0;
    await failOnce(false);
    expect(failedLines().length).toBeGreaterThan(0);

    lines.length = 0;
    await failOnce(true);
    expect(failedLines()).toEqual([]);
  });

  it('wakes its thread once per turn of the event loop, however many commands committed in it', async () => {
    const thread = runner().thread!;
    const sent: unknown[] = [];
    const post = thread.postMessage.bind(thread);
    thread.postMessage = (message: unknown) => {
      sent.push(message);
      post(message);
    };
    const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      // A group commit settles several commands in one turn, each of which wakes the runner.
      for (let i = 0; i < 5; i += 1) runner().wake();
      expect(sent).toEqual([]);
      await endOfTurn();
      expect(sent).toEqual([{ kind: 'wake' }]);
      // A wake in a later turn is sent again: none is lost.
      runner().wake();
      await endOfTurn();
      expect(sent).toEqual([{ kind: 'wake' }, { kind: 'wake' }]);
    } finally {
      delete (thread as { postMessage?: unknown }).postMessage;
    }
    // And the thread still follows the log.
    const { accounts } = await signedUpCustomer(bank);
    const checking = accounts.find((a) => a.type === 'checking')!;
    await deposit(bank, checking.account_number, 3);
    await balanceBecomes(checking.id, 300);
  });

  it('ends its thread when the bank stops', async () => {
    const thread = runner().thread!;
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
    await bank.stop();
    await expect(exited).resolves.toBeTypeOf('number');
    expect(runner().thread).toBeUndefined();
  });
});
