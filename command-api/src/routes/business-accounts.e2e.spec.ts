import { BUSINESS_MESSAGES } from '@bank/contracts/business-account-rules';
import { ageStepUp, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDate } from '../domain/transfers/bank-time.ts';
import { openBusinessAccount } from '../services/business-accounts.ts';
import { balances, customer, startMoneyBank, type Customer } from './money-test-helpers.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank(300);
});
afterAll(async () => {
  await bank.stop();
});

const EIN = '45-3187296';
const EIN_DIGITS = '453187296';

const open = (c: Customer, body: Record<string, unknown>, headers?: Record<string, string>) =>
  c.client.post('/api/accounts/business', body, headers);

const landscaping = {
  business_name: '  Rivera Landscaping LLC ',
  ein: EIN,
  business_type: 'llc',
};

async function accounts(c: Customer) {
  await bank.runner.catchUp();
  return (await c.client.get('/api/accounts')).body.data.accounts as {
    id: string;
    name: string;
    type: string;
    account_number: string;
    routing_number: string;
    account_type: { code: string; name: string };
    interest_rate: number;
    monthly_fee: number;
    balance: number;
  }[];
}

async function storedEvents(): Promise<string> {
  const stored = await bank.ownerPool.query<{ all: string }>(
    `SELECT coalesce(string_agg(data::text, ' '), '') AS all FROM events`,
  );
  return stored.rows[0]!.all;
}

/** The last event's position, and the appends after it that name the customer (one per command). */
async function lastPosition(): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ p: string }>(
    'SELECT coalesce(max(global_position), 0) AS p FROM events',
  );
  return Number(rows[0]!.p);
}
async function appendsSince(position: number, customerId: string): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ n: number }>(
    `SELECT count(DISTINCT transaction_id)::int AS n FROM events
     WHERE global_position > $1 AND data::text LIKE $2`,
    [position, `%${customerId}%`],
  );
  return rows[0]!.n;
}

describe('opening a business checking account', () => {
  it('opens one at $0.00 that lists, takes transfers and keeps the EIN sealed', async () => {
    const jordan = await customer(bank, 'Jordan Rivera', 500);
    const response = await open(jordan, landscaping);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      status: 'success',
      message: 'Your business checking account is open.',
      data: {
        account: {
          name: 'Business Checking',
          type: 'business',
          account_type: { code: 'business_checking' },
          routing_number: '061000227',
          balance: 0,
        },
      },
    });
    const id = response.body.data.account.id as string;

    const listed = (await accounts(jordan)).find((a) => a.id === id);
    expect(listed).toMatchObject({
      name: 'Business Checking',
      type: 'business',
      account_type: { code: 'business_checking', name: 'Business Checking' },
      routing_number: '061000227',
      interest_rate: 0,
      monthly_fee: 0,
      balance: 0,
    });
    expect(listed!.account_number).toMatch(/^\d{12}$/);
    expect(
      (await accounts(jordan)).filter((a) => a.account_number === listed!.account_number),
    ).toHaveLength(1);

    const moved = await jordan.client.post('/api/transfers/between-accounts', {
      fromAccount: jordan.checking.id,
      toAccount: id,
      amount: 120,
      transferDate: bankDate(new Date()),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(await balances(jordan, id)).toEqual({ balance: 120, available: 120 });
    const back = await jordan.client.post('/api/transfers/between-accounts', {
      fromAccount: id,
      toAccount: jordan.savings.id,
      amount: 20,
      transferDate: bankDate(new Date()),
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await balances(jordan, id)).toEqual({ balance: 100, available: 100 });

    const statements = await jordan.client.get(`/api/accounts/${id}/statements`);
    expect(statements.status, JSON.stringify(statements.body)).toBe(200);

    // Neither the EIN, written any way, nor the business name is in the log in clear, also after
    // transfers that name the account.
    const log = await storedEvents();
    expect(log).not.toContain(EIN_DIGITS);
    expect(log).not.toContain(EIN);
    expect(log).not.toContain('Rivera Landscaping');
    expect(log).toContain('"einSealed": "pii-in-set"');
  });

  it('is not seen by another customer', async () => {
    const owner = await customer(bank, 'Avery Owner');
    const other = await customer(bank, 'Blake Other');
    const opened = await open(owner, { ...landscaping, business_name: 'Owner Bakery' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.data.account.id as string;
    expect((await accounts(other)).map((a) => a.id)).not.toContain(id);
    expect((await other.client.get(`/api/accounts/${id}/statements`)).status).toBe(404);
    const pull = await other.client.post('/api/transfers/between-accounts', {
      fromAccount: id,
      toAccount: other.checking.id,
      amount: 1,
      transferDate: bankDate(new Date()),
    });
    expect(pull.status).toBeGreaterThanOrEqual(400);
  });

  it('needs a stepped-up session, and opens nothing without one', async () => {
    const c = await customer(bank, 'Casey Stale');
    await ageStepUp(bank, c.id);
    const refused = await open(c, landscaping);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect((await accounts(c)).filter((a) => a.type === 'business')).toEqual([]);

    const proved = await c.client.post('/api/step-up', { password: c.password });
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    expect((await open(c, landscaping)).status).toBe(201);
  });

  it('answers 422 with every field problem at once', async () => {
    const c = await customer(bank, 'Drew Fields');
    const refused = await open(c, { business_name: ' A ', ein: '07-1234567', business_type: 'x' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      business_name: [BUSINESS_MESSAGES.nameLength],
      ein: [BUSINESS_MESSAGES.einNotIssued],
      business_type: [BUSINESS_MESSAGES.typeRequired],
    });
    const blank = await open(c, {});
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors)).toEqual(['business_name', 'ein', 'business_type']);
    expect((await open(c, { ...landscaping, ein: '12-345' })).body.errors).toEqual({
      ein: [BUSINESS_MESSAGES.einFormat],
    });
  });

  it('opens at most 3 per customer, then answers 422', async () => {
    const c = await customer(bank, 'Emery Many');
    for (const [i, name] of ['One Co', 'Two Co', 'Three Co'].entries()) {
      const ok = await open(c, { ...landscaping, business_name: name, ein: `45-318729${i}` });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    }
    const fourth = await open(c, { ...landscaping, business_name: 'Four Co', ein: '45-3187299' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toBe(BUSINESS_MESSAGES.tooMany);
    expect((await accounts(c)).filter((a) => a.type === 'business')).toHaveLength(3);
  });

  it("gets a last four none of the customer's other accounts has", async () => {
    const c = await customer(bank, 'Rowan Alike');
    await bank.runner.catchUp();
    const taken = new Set(c.accounts.map((a) => a.account_number.slice(-4)));
    const free = ['0001', '0002', '0003', '0004', '0005'].find((last) => !taken.has(last))!;
    // The first picks end like the customer's savings and investment accounts.
    const picks = [
      `80000000${c.savings.account_number.slice(-4)}`,
      `81000000${c.accounts[3]!.account_number.slice(-4)}`,
      `82000000${free}`,
    ];
    const opened = await openBusinessAccount(
      bank.ctx,
      { customerId: c.id, key: undefined, requestHash: `alike-${c.id}` },
      {},
      { businessName: 'Rowan Alike LLC', businessType: 'llc', ein: EIN_DIGITS },
      () => picks.shift()!,
    );
    expect(opened.result.statusCode).toBe(201);
    expect(opened.result.body).toMatchObject({
      data: { account: { formatted_account_number: `****${free}` } },
    });
  });

  it('opens one account for a double submit, with or without an Idempotency-Key', async () => {
    const keyed = await customer(bank, 'Finley Keyed');
    const headers = { 'Idempotency-Key': 'open-business-1' };
    const [a, b] = await Promise.all([
      open(keyed, landscaping, headers),
      open(keyed, landscaping, headers),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
    expect(a.body.data.account.id).toBe(b.body.data.account.id);
    expect((await accounts(keyed)).filter((x) => x.type === 'business')).toHaveLength(1);

    const unkeyed = await customer(bank, 'Gray Unkeyed');
    const answers = await Promise.all([open(unkeyed, landscaping), open(unkeyed, landscaping)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await accounts(unkeyed)).filter((x) => x.type === 'business')).toHaveLength(1);
  });

  it('tells the repeats of an opening sent many times at once that the account was just opened', async () => {
    const c = await customer(bank, 'Harper Many Clicks');
    const before = await lastPosition();
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(c, landscaping)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const repeats = answers.filter((r) => r.status !== 201);
    expect(repeats).toHaveLength(19);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(409);
      expect(repeat.body).toMatchObject({
        code: 'DUPLICATE_TRANSACTION',
        message: BUSINESS_MESSAGES.justOpened,
      });
    }
    // The one opening is the one append: the repeats recorded nothing.
    expect(await appendsSince(before, c.id)).toBe(1);
    expect((await accounts(c)).filter((x) => x.type === 'business')).toHaveLength(1);
  });
});
