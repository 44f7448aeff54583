import { streams } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from './testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

/** Every row of every table (events included) as text: what a database dump would contain. */
async function dumpDatabase(): Promise<string> {
  const { rows: tables } = await bank.pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await bank.pool.query(`SELECT t::text AS row FROM "${tablename}" t`);
    parts.push(...rows.map((r) => r.row as string));
  }
  return parts.join('\n');
}

describe('secrets at rest', () => {
  it('keeps no password, SSN or personal data of the event log in plaintext', async () => {
    const { user } = await signedUpCustomer(bank, {
      name: 'Quincy Plaintextcanary',
      email: 'quincy.canary@example.com',
      ssn: '078-05-1120',
      password: 'Canary-Password-42',
      password_confirmation: 'Canary-Password-42',
    });
    expect(user.account_number).toMatch(/^\d{12}$/);
    const dump = await dumpDatabase();
    expect(dump).not.toContain('Canary-Password-42');
    expect(dump).not.toContain('078-05-1120');
    expect(dump).not.toContain('078051120');
    const events = (
      await bank.pool.query(
        `SELECT string_agg(stream_id || data::text || metadata::text, ' ') AS text FROM events`,
      )
    ).rows[0].text as string;
    expect(events).not.toContain('Plaintextcanary');
    expect(events).not.toContain('quincy.canary@example.com');
  });
});

describe('crypto-shredding', () => {
  it('makes an erased customer’s personal data unreadable while balances and the books stay intact', async () => {
    const { client, user, accounts, payload } = await signedUpCustomer(bank, {
      name: 'Erin Erasable',
    });
    await deposit(bank, accounts[0]!.account_number, 321.09);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;

    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
      reason: 'GDPR request',
    });
    expect(erased.status).toBe(200);
    const customerId = erased.body.data.customer_id as string;

    const history = await bank.store.readStream(streams.customer(customerId));
    expect(history[0]!.event).toMatchObject({
      type: 'CustomerRegistered',
      data: { name: '[erased]', email: '[erased]' },
    });
    expect((await client.get('/api/user')).status).toBe(401);
    const login = await new ApiClient(bank).post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(login.status).toBe(401);

    // Money is untouched and still adds up.
    await bank.runner.catchUp();
    const account = await bank.pool.query(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accounts[0]!.id],
    );
    expect(account.rows[0].balance_cents).toBe(32109);
    const accountEvents = await bank.store.readStream(streams.account(accounts[0]!.id));
    expect(accountEvents.map((e) => e.type)).toEqual(['AccountOpened', 'AccountCredited']);
    expect((await ops.get('/api/ops/ledger')).body.data.balanced).toBe(true);
    const profile = await bank.pool.query(
      'SELECT name, email FROM rm_customers WHERE customer_id = $1',
      [customerId],
    );
    expect(profile.rows[0]).toEqual({ name: '[erased]', email: '[erased]' });
    // A second erasure is refused clearly.
    expect(
      (await ops.post('/api/ops/customers/erase', { account_number: user.account_number })).status,
    ).toBe(422);
  });
});
