import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from './ops-cli.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('ops CLI', () => {
  it('posts a teller deposit that the customer sees, and the books balance', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const lines: string[] = [];
    const code = await runOpsCli(
      ['deposit', accounts[0]!.account_number, '250.75', 'Cash', 'at', 'branch'],
      { baseUrl: bank.baseUrl, token: bank.opsToken },
      (l) => lines.push(l),
    );
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Deposit posted: \$250\.75 to \d{12} \(reference DEP-[A-Z0-9]{8}\)$/);
    await expect
      .poll(async () => (await client.get('/api/accounts')).body.data.accounts[0].balance)
      .toBe(250.75);
    const history = (await client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    expect(history[0].description).toBe('Cash at branch');
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    await bank.runner.catchUp();
    const ledger = (await ops.get('/api/ops/ledger')).body.data;
    expect(ledger.balanced).toBe(true);
  });

  it('reports field errors and a wrong token without posting anything', async () => {
    const lines: string[] = [];
    expect(
      await runOpsCli(
        ['deposit', '000000000000', '10'],
        { baseUrl: bank.baseUrl, token: bank.opsToken },
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines).toContain('  account_number: No account has this account number.');
    expect(
      await runOpsCli(
        ['deposit', '000000000000', '10.001'],
        { baseUrl: bank.baseUrl, token: bank.opsToken },
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines.at(-1)).toContain('at most 2 decimals');
    expect(
      await runOpsCli(['ledger'], { baseUrl: bank.baseUrl, token: 'wrong' }, (l) => lines.push(l)),
    ).toBe(1);
    expect(lines.at(-1)).toBe('Error 403: You do not have permission to perform this action.');
  });
});
