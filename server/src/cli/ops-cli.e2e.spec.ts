import {
  ApiClient,
  freePort,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';
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
      .poll(async () => (await client.get('/api/accounts')).body.data.accounts[0].balance, {
        timeout: 10_000,
      })
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

  it('lists crypto deposit claims and approves or rejects them', async () => {
    const { client } = await signedUpCustomer(bank);
    const target = { baseUrl: bank.baseUrl, token: bank.opsToken };
    const claim = async (hash: string) =>
      (
        await client.post('/api/crypto/deposit', {
          symbol: 'BTC',
          amount: 0.25,
          tx_hash: hash.repeat(64),
          from_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        })
      ).body.data.transaction.id as string;
    const first = await claim('a');
    const second = await claim('b');
    await bank.runner.catchUp();
    const lines: string[] = [];
    expect(await runOpsCli(['crypto-deposits'], target, (l) => lines.push(l))).toBe(0);
    const queue = JSON.parse(lines.join('\n')).crypto_deposits as { id: string }[];
    expect(queue.map((d) => d.id)).toEqual(expect.arrayContaining([first, second]));

    lines.length = 0;
    expect(await runOpsCli(['approve-deposit', first], target, (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual(['Deposit of 0.25000000 BTC approved and credited.']);
    expect(
      await runOpsCli(['reject-deposit', second, 'Not', 'on', 'chain'], target, (l) =>
        lines.push(l),
      ),
    ).toBe(0);
    expect(lines.at(-1)).toBe('Deposit of 0.25000000 BTC rejected; nothing was credited.');
    expect(await runOpsCli(['approve-deposit', second], target, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toBe('Error 409: This deposit is not waiting for review.');
    expect(await runOpsCli(['reject-deposit', first], target, (l) => lines.push(l))).toBe(2);
    await expect
      .poll(async () => (await client.get('/api/crypto/portfolio')).body.data.portfolio[0], {
        timeout: 10_000,
      })
      .toMatchObject({ balance_exact: '0.25000000', pending_balance_exact: '0.00000000' });
  });

  it('lists the open contact requests and marks one handled', async () => {
    const target = { baseUrl: bank.baseUrl, token: bank.opsToken };
    const sent = await new ApiClient(bank).post('/api/contact/messages', {
      first_name: 'Vera',
      last_name: 'Visitor',
      email: 'vera@example.com',
      subject: 'General Inquiry',
      message: 'Please call me back.',
    });
    const requestId = sent.body.data.request_id as string;
    await bank.runner.catchUp();
    const lines: string[] = [];
    const queue = async (...args: string[]) => {
      lines.length = 0;
      expect(await runOpsCli(['contact-requests', ...args], target, (l) => lines.push(l))).toBe(0);
      const page = JSON.parse(lines.join('\n')) as { contact_requests: { request_id: string }[] };
      return page.contact_requests.map((r) => r.request_id);
    };
    expect(await queue()).toContain(requestId);

    lines.length = 0;
    expect(
      await runOpsCli(['handle-contact-request', requestId], target, (l) => lines.push(l)),
    ).toBe(0);
    expect(lines).toEqual(['The contact request is marked handled.']);
    await bank.runner.catchUp();
    expect(await queue()).not.toContain(requestId);
    expect(await queue('handled')).toContain(requestId);

    lines.length = 0;
    expect(await runOpsCli(['contact-requests', 'closed'], target, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toBe('  status: The status must be open, handled or all.');
    expect(await runOpsCli(['handle-contact-request'], target, (l) => lines.push(l))).toBe(2);
  });

  it('lists the reset links of the customer staff are talking to', async () => {
    const target = { baseUrl: bank.baseUrl, token: bank.opsToken };
    const { user } = await signedUpCustomer(bank);
    await new ApiClient(bank).post('/api/forgot-password', { account_number: user.account_number });
    const lines: string[] = [];
    expect(
      await runOpsCli(['password-resets', user.account_number], target, (l) => lines.push(l)),
    ).toBe(0);
    const { password_resets } = JSON.parse(lines.join('\n')) as {
      password_resets: { account_number: string }[];
    };
    expect(password_resets.map((r) => r.account_number)).toEqual([user.account_number]);
    lines.length = 0;
    expect(await runOpsCli(['zelle-claim-codes', '123'], target, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toBe('  account_number: The account number must be exactly 12 digits.');
  });

  it('says plainly when the bank cannot be reached, instead of a stack trace', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    for (const argv of [['issue-auditor', 'Dana'], ['ledger'], ['deposit', '000000000000', '10']]) {
      const lines: string[] = [];
      expect(await runOpsCli(argv, { baseUrl, token: bank.opsToken }, (l) => lines.push(l))).toBe(
        1,
      );
      expect(lines).toEqual([
        `Cannot reach the bank at ${baseUrl}: start it (npm start), or set BANK_URL (or PORT) to where it runs.`,
      ]);
    }
  });
});
