import { recentTransfers, transferSubmitted, transferView } from '@bank/contracts';
import type { TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertUsdToEur, usdToEurRateMicros } from '../domain/transfers/fx.ts';
import { bankDate } from '../domain/transfers/bank-time.ts';
import { DAILY_LIMITS, DAILY_LIMIT_MESSAGE } from '../domain/transfers/limits.ts';
import { DECIMALS_MESSAGE } from './money-input.ts';
import {
  balances,
  customer,
  dispatchJobs,
  ledger,
  poll,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank(300);
});
afterAll(async () => {
  await bank.stop();
});

const VALID_ROUTING = '021000021'; // a real ABA routing number (checksum holds)

async function transactions(c: Customer) {
  return (await c.client.get('/api/dashboard/comprehensive-history?limit=50')).body.data
    .transactions as { description: string; amount: number; status: string; kind: string }[];
}

async function notifications(c: Customer) {
  return (await c.client.get('/api/notifications')).body.data.notifications as {
    title: string;
    message: string;
  }[];
}

/** Events that name the customer: a refused request adds none. */
async function eventsNaming(customerId: string): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1',
    [`%${customerId}%`],
  );
  return rows[0]!.n;
}

describe('between own accounts', () => {
  it('moves money instantly, free, with one debit and one credit and good descriptions', async () => {
    const jordan = await customer(bank, 'Jordan Rivera', 1000);
    const response = await jordan.client.post('/api/transfers/between-accounts', {
      fromAccount: jordan.checking.id,
      toAccount: jordan.savings.id,
      amount: 250.5,
      memo: 'Rainy day',
      transferDate: bankDate(new Date()),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'success',
      message: 'Transfer completed successfully',
      data: {
        transfer: {
          type: 'between-accounts',
          status: 'completed',
          amount: 250.5,
          fee: 0,
          from_account: { id: jordan.checking.id, available_balance: 749.5 },
          to_account: { id: jordan.savings.id, name: 'High Yield Savings' },
        },
      },
    });
    expect(response.body.data.transfer.reference_number).toMatch(/^TRF-[A-Z0-9]{8}$/);
    expect(response.headers['x-consistency-token']).toBeDefined();
    expect(await balances(jordan, jordan.checking.id)).toEqual({
      balance: 749.5,
      available: 749.5,
    });
    expect(await balances(jordan, jordan.savings.id)).toEqual({ balance: 250.5, available: 250.5 });
    const lines = await transactions(jordan);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Transfer to High Yield Savings', amount: -250.5 }),
        expect.objectContaining({ description: 'Transfer from Premium Checking', amount: 250.5 }),
      ]),
    );
    const recentAnswer = (await jordan.client.get('/api/transfers/recent')).body;
    const recent = recentAnswer.data.transfers;
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({
      id: response.body.data.transfer.id,
      type: 'between-accounts',
      description: 'Transfer to High Yield Savings',
      amount: 250.5,
      status: 'completed',
    });
    // One view of a transfer: both answers follow the shared contract, field for field.
    expect(() => transferSubmitted.parse(response.body)).not.toThrow();
    expect(() => recentTransfers.parse(recentAnswer)).not.toThrow();
    const fields = Object.keys(transferView.shape).sort();
    expect(Object.keys(recent[0]).sort()).toEqual(fields);
    expect(Object.keys(response.body.data.transfer).sort()).toEqual(fields);
    expect((await notifications(jordan)).map((n) => n.title)).toContain('Transfer completed');
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it.each([
    [{ fromAccount: '' }, 'fromAccount', 'Please select an account to transfer from'],
    [{ fromAccount: undefined }, 'fromAccount', 'Please select an account to transfer from'],
    [{ amount: 4.99 }, 'amount', 'Please enter an amount of at least $5.00'],
    [{ amount: undefined }, 'amount', 'Please enter an amount of at least $5.00'],
    [{ amount: -10 }, 'amount', 'Please enter an amount of at least $5.00'],
    [{ amount: 10.005 }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: true }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: [20] }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ toAccount: '' }, 'toAccount', 'Please select an account to transfer to'],
    [{ toAccount: 'SAME' }, 'toAccount', 'Cannot transfer to the same account'],
    [{ memo: 'x'.repeat(256) }, 'memo', 'The memo may not be greater than 255 characters.'],
    [
      { transferDate: '2020-01-01' },
      'transferDate',
      'A transfer made now is dated today. To send it on a later date, schedule it.',
    ],
    [
      { transferDate: '2026-02-30' },
      'transferDate',
      'The transfer date must be a valid date (YYYY-MM-DD).',
    ],
  ])('refuses %j with the message on %s and moves nothing', async (override, field, message) => {
    const c = await customer(bank, 'Val Idation', 100);
    const body: Record<string, unknown> = {
      fromAccount: c.checking.id,
      toAccount: c.savings.id,
      amount: 20,
      ...override,
    };
    if (body.toAccount === 'SAME') body.toAccount = c.checking.id;
    const response = await c.client.post('/api/transfers/between-accounts', body);
    expect(response.status).toBe(422);
    expect(response.body.status).toBe('error');
    expect(response.body.message).toBe(message);
    expect(response.body.errors[field]).toContain(message);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 100, available: 100 });
  });

  it('judges an amount as written, not as the double JSON.parse rounds it to', async () => {
    const c = await customer(bank, 'Raw Digits', 100);
    for (const written of ['6.559999999999999999999', '20.000000000000000001']) {
      const response = await c.client.post(
        '/api/transfers/between-accounts',
        `{"fromAccount":"${c.checking.id}","toAccount":"${c.savings.id}","amount":${written}}`,
      );
      expect(response.status, written).toBe(422);
      expect(response.body.errors.amount, written).toEqual([
        'The amount must be a positive number with at most 2 decimals.',
      ]);
    }
    expect(await balances(c, c.checking.id)).toEqual({ balance: 100, available: 100 });
  });

  it('refuses more than the available balance with INSUFFICIENT_FUNDS', async () => {
    const c = await customer(bank, 'Short Funds', 100);
    const response = await c.client.post('/api/transfers/between-accounts', {
      fromAccount: c.checking.id,
      toAccount: c.savings.id,
      amount: 100.01,
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      message: 'Insufficient funds',
      code: 'INSUFFICIENT_FUNDS',
      errors: { amount: ['Insufficient funds'] },
    });
    expect(await balances(c, c.checking.id)).toEqual({ balance: 100, available: 100 });
  });
});

describe('same bank', () => {
  it('looks up a recipient by email or phone, and says so when there is none', async () => {
    const sam = await customer(bank, 'Sam Lee');
    const jordan = await customer(bank, 'Jordan Park');
    const byEmail = await jordan.client.post('/api/transfers/validate-recipient', {
      recipient: sam.email.toUpperCase(),
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toEqual({
      valid: true,
      message: 'Recipient found',
      recipientName: 'Sam Lee',
      recipientId: sam.id,
    });
    const byPhone = await jordan.client.post('/api/transfers/validate-recipient', {
      recipient: `+1 (${sam.phone.slice(0, 3)}) ${sam.phone.slice(3, 6)}-${sam.phone.slice(6)}`,
    });
    expect(byPhone.body.data.recipientId).toBe(sam.id);
    const unknown = await jordan.client.post('/api/transfers/validate-recipient', {
      recipient: 'nobody-here@example.com',
    });
    expect(unknown.body.data).toEqual({
      valid: false,
      message: 'Recipient not found',
      recipientName: null,
      recipientId: null,
    });
    const self = await jordan.client.post('/api/transfers/validate-recipient', {
      recipient: jordan.email,
    });
    expect(self.body.data.valid).toBe(false);
    const short = await jordan.client.post('/api/transfers/validate-recipient', {
      recipient: 'ab',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.recipient).toEqual(['Please enter recipient email or phone number']);
  });

  it('credits the recipient at once and notifies both', async () => {
    const sam = await customer(bank, 'Sam Lee');
    const jordan = await customer(bank, 'Jordan Rivera', 500);
    const response = await jordan.client.post('/api/transfers/same-bank', {
      fromAccount: jordan.checking.id,
      amount: 75,
      memo: 'Dinner',
      recipientEmail: sam.email,
      recipientId: sam.id,
    });
    expect(response.status).toBe(201);
    expect(response.body.data.transfer).toMatchObject({
      type: 'same-bank',
      status: 'completed',
      recipient_name: 'Sam Lee',
      fee: 0,
    });
    expect(await balances(jordan, jordan.checking.id)).toEqual({ balance: 425, available: 425 });
    sam.client.consistencyToken = jordan.client.consistencyToken;
    expect(await balances(sam, sam.checking.id)).toEqual({ balance: 75, available: 75 });
    expect((await transactions(jordan)).map((t) => t.description)).toContain('Transfer to Sam Lee');
    expect((await transactions(sam)).map((t) => t.description)).toContain(
      'Transfer from Jordan Rivera',
    );
    expect((await notifications(sam)).map((n) => n.title)).toContain('Money received');
    expect((await notifications(jordan)).map((n) => n.title)).toContain('Transfer sent');
    // The recipient sees nothing of the sender's accounts or transfers.
    expect((await sam.client.get('/api/transfers/recent')).body.data.transfers).toEqual([]);
    // Nor does the sender see which of the recipient's accounts took the money.
    expect(response.body.data.transfer.to_account).toBeNull();
    const [recent] = (await jordan.client.get('/api/transfers/recent')).body.data.transfers;
    expect(recent).toMatchObject({
      type: 'same-bank',
      recipient_name: 'Sam Lee',
      to_account: null,
    });
    expect(JSON.stringify(recent)).not.toContain(sam.checking.id);
  });

  it.each([
    [
      { recipientEmail: '', recipientPhone: '' },
      'recipientEmail',
      'Please enter recipient email or phone number',
      422,
      'VALIDATION_ERROR',
    ],
    [
      { recipientEmail: 'ghost@example.com' },
      'recipientEmail',
      'Recipient not found',
      422,
      'INVALID_RECIPIENT',
    ],
    [
      { recipientPhone: '2025550000' },
      'recipientPhone',
      'Recipient not found',
      422,
      'INVALID_RECIPIENT',
    ],
  ])('refuses %j', async (override, field, message, status, code) => {
    const jordan = await customer(bank, 'Jordan Rivera', 100);
    const response = await jordan.client.post('/api/transfers/same-bank', {
      fromAccount: jordan.checking.id,
      amount: 10,
      ...override,
    });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ message, code });
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('refuses a recipientId that does not match the contact, and a transfer to oneself', async () => {
    const sam = await customer(bank, 'Sam Lee');
    const other = await customer(bank, 'Other Person');
    const jordan = await customer(bank, 'Jordan Rivera', 100);
    const mismatch = await jordan.client.post('/api/transfers/same-bank', {
      fromAccount: jordan.checking.id,
      amount: 10,
      recipientEmail: sam.email,
      recipientId: other.id,
    });
    expect(mismatch.body.code).toBe('INVALID_RECIPIENT');
    const self = await jordan.client.post('/api/transfers/same-bank', {
      fromAccount: jordan.checking.id,
      amount: 10,
      recipientEmail: jordan.email,
    });
    expect(self.status).toBe(422);
    expect(self.body.code).toBe('INVALID_RECIPIENT');
    expect(await balances(jordan, jordan.checking.id)).toEqual({ balance: 100, available: 100 });
  });
});

describe('external bank', () => {
  const external = (c: Customer, overrides: Record<string, unknown> = {}) => ({
    fromAccount: c.checking.id,
    amount: 100,
    memo: 'Rent',
    recipientName: 'Alex Kim',
    bankName: 'First National',
    accountNumber: '123456789',
    routingNumber: VALID_ROUTING,
    recipientAddress: '1 Main St, Boston MA',
    ...overrides,
  });

  it.each([
    [{ recipientName: '' }, 'recipientName', 'Please enter recipient name'],
    [{ bankName: ' ' }, 'bankName', 'Please enter bank name'],
    [{ accountNumber: '' }, 'accountNumber', 'Please enter account number'],
    [{ accountNumber: '12ab' }, 'accountNumber', 'Account number must be 4 to 17 digits'],
    [{ routingNumber: '' }, 'routingNumber', 'Please enter routing number'],
    // Neither text nor a number: the field says what it takes, not zod's "Invalid input".
    [{ accountNumber: true }, 'accountNumber', 'The accountNumber field must be text or a number.'],
    [{ routingNumber: {} }, 'routingNumber', 'The routingNumber field must be text or a number.'],
    [{ routingNumber: '12345678' }, 'routingNumber', 'Routing number must be 9 digits'],
    [{ routingNumber: '1234567890' }, 'routingNumber', 'Routing number must be 9 digits'],
    [
      { routingNumber: '021000022' },
      'routingNumber',
      'Routing number is not a valid ABA routing number',
    ],
  ])('refuses %j', async (override, field, message) => {
    const c = await customer(bank, 'Ext Validation', 200);
    const response = await c.client.post('/api/transfers/external-bank', external(c, override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 200, available: 200 });
  });

  it('takes amount and $3.00 fee from the available balance at once, then settles to clearing and fees', async () => {
    const before = await ledger(bank);
    const c = await customer(bank, 'Pat Settles', 500);
    const response = await c.client.post('/api/transfers/external-bank', external(c));
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(
      'Transfer initiated successfully. It will arrive in 1-3 business days.',
    );
    const transfer = response.body.data.transfer;
    expect(transfer).toMatchObject({
      status: 'pending',
      amount: 100,
      fee: 3,
      total: 103,
      recipient_account: '****6789',
      from_account: { available_balance: 397 },
    });
    expect(JSON.stringify(response.body)).not.toContain('123456789');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 397 });
    const pending = await transactions(c);
    expect(pending.filter((t) => t.status === 'pending').map((t) => t.description)).toEqual(
      expect.arrayContaining([
        'Transfer to Alex Kim at First National (****6789)',
        'External transfer fee',
      ]),
    );

    await dispatchJobs(bank);
    await poll(
      async () => (await c.client.get('/api/transfers/recent')).body.data.transfers[0].status,
      (s) => s === 'completed',
    );
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 397, available: 397 });
    const after = await ledger(bank);
    expect(after.balanced).toBe(true);
    expect(after.internal['clearing:external']! - (before.internal['clearing:external'] ?? 0)).toBe(
      100,
    );
    expect(after.internal['income:fees']! - (before.internal['income:fees'] ?? 0)).toBe(3);
    expect((await notifications(c)).map((n) => n.title)).toEqual(
      expect.arrayContaining(['Transfer pending', 'Transfer completed']),
    );
    const lines = await transactions(c);
    expect(lines.filter((t) => t.status === 'pending')).toEqual([]);
  });

  it('reverses a transfer the receiving bank rejects (account ending 0000): the money comes back', async () => {
    const c = await customer(bank, 'Pat Fails', 500);
    const response = await c.client.post(
      '/api/transfers/external-bank',
      external(c, { accountNumber: '9990000' }),
    );
    expect(response.status).toBe(201);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 397 });
    let limits = (await c.client.get('/api/transfers/limits')).body.data.limits;
    expect(limits['external-bank'].used_today).toBe(100);
    await dispatchJobs(bank);
    const recent = await poll(
      async () => (await c.client.get('/api/transfers/recent')).body.data.transfers[0],
      (t) => t.status === 'failed',
    );
    expect(recent.failure_reason).toMatch(/rejected/);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 500 });
    const lines = await transactions(c);
    expect(
      lines.filter((t) => t.kind === 'external-bank' || t.kind === 'fee').map((t) => t.status),
    ).toEqual(['failed', 'failed']);
    const failed = (await notifications(c)).find((n) => n.title === 'Transfer failed');
    expect(failed?.message).toContain('$100.00 to Alex Kim could not be completed');
    limits = (await c.client.get('/api/transfers/limits')).body.data.limits;
    expect(limits['external-bank'].used_today).toBe(0);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('refuses when amount plus fee is more than available', async () => {
    const c = await customer(bank, 'Fee Short', 101);
    const response = await c.client.post('/api/transfers/external-bank', external(c));
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 101, available: 101 });
  });
});

describe('SEPA', () => {
  const sepa = (c: Customer, overrides: Record<string, unknown> = {}) => ({
    fromAccount: c.checking.id,
    amount: 200,
    recipientName: 'Hanna Müller',
    iban: 'de89 3704 0044 0532 0130 00',
    swiftCode: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    country: 'DE',
    purposeOfPayment: 'FAMI',
    ...overrides,
  });

  it.each([
    [{ recipientName: '' }, 'recipientName', 'Please enter recipient name'],
    [{ iban: '' }, 'iban', 'Please enter IBAN'],
    [
      { iban: '1234567' },
      'iban',
      'IBAN must start with two letters and two digits and be at most 34 characters',
    ],
    [
      { iban: `DE89${'1'.repeat(31)}` },
      'iban',
      'IBAN must start with two letters and two digits and be at most 34 characters',
    ],
    [{ iban: 'DE88370400440532013000' }, 'iban', 'IBAN check digits are not valid'],
    [
      { iban: 'DE543704004405320130001' },
      'iban',
      'The IBAN does not have as many characters as IBANs of its country',
    ],
    [
      { iban: 'FR1420041010050500013M02606' },
      'iban',
      'The IBAN does not belong to the selected country',
    ],
    [{ swiftCode: 'COBADEFFXXXX' }, 'swiftCode', 'SWIFT/BIC must be at most 11 characters'],
    [{ swiftCode: 'COBA' }, 'swiftCode', 'SWIFT/BIC must be 8 or 11 letters and digits'],
    [
      { swiftCode: 'BNPAFRPP' },
      'swiftCode',
      'This SWIFT/BIC is of a bank in another country than the IBAN: check it, or leave it empty (a SEPA transfer needs none)',
    ],
    [{ bankName: '' }, 'bankName', 'Please enter bank name'],
    [{ country: '' }, 'country', 'Please select a country'],
    [{ country: 'US' }, 'country', 'SEPA transfers can only be sent to a SEPA country'],
    [{ purposeOfPayment: '' }, 'purposeOfPayment', 'Please select a purpose of payment'],
    [{ purposeOfPayment: 'GIFT' }, 'purposeOfPayment', 'Please select a valid purpose of payment'],
  ])('refuses %j', async (override, field, message) => {
    const c = await customer(bank, 'Sepa Validation', 300);
    const response = await c.client.post('/api/wire-transfers/sepa', sepa(c, override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('converts to EUR at the documented rate, charges $15.00 and settles to clearing:sepa', async () => {
    const c = await customer(bank, 'Euro Sender', 1000);
    const response = await c.client.post('/api/wire-transfers/sepa', sepa(c, { swiftCode: '' }));
    expect(response.status).toBe(201);
    const t = response.body.data.transfer;
    const asOf = t.exchange.as_of;
    const micros = usdToEurRateMicros(asOf);
    expect(t).toMatchObject({
      type: 'sepa',
      status: 'pending',
      amount: 200,
      fee: 15,
      exchange: {
        currency: 'EUR',
        rate: `0.${String(micros).padStart(6, '0')}`,
        amount: convertUsdToEur(200_00, micros) / 100,
      },
    });
    expect(t.exchange.source).toMatch(/simulated/);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 785 });
    await dispatchJobs(bank);
    await poll(
      async () => (await c.client.get('/api/transfers/recent')).body.data.transfers[0].status,
      (s) => s === 'completed',
    );
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 785, available: 785 });
    const books = await ledger(bank);
    expect(books.balanced).toBe(true);
    expect(books.internal['clearing:sepa']).toBeGreaterThanOrEqual(200);
  });

  it('quotes the euros, the rate and the fee, and applies exactly the quoted rate', async () => {
    const c = await customer(bank, 'Quote Taker', 1000);
    const quoted = await c.client.get('/api/wire-transfers/sepa/quote?amount=123.45');
    expect(quoted.status).toBe(200);
    const q = quoted.body.data.quote;
    const micros = usdToEurRateMicros(q.exchange.as_of);
    expect(q).toMatchObject({
      amount: 123.45,
      fee: 15,
      total: 138.45,
      currency: 'USD',
      exchange: {
        currency: 'EUR',
        rate: `0.${String(micros).padStart(6, '0')}`,
        amount: convertUsdToEur(123_45, micros) / 100,
      },
    });
    expect(Date.parse(q.expires_at)).toBeGreaterThan(Date.now());

    const sent = await c.client.post(
      '/api/wire-transfers/sepa',
      sepa(c, { amount: 123.45, quotedRate: q.exchange.rate }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data.transfer.exchange).toMatchObject({
      rate: q.exchange.rate,
      amount: q.exchange.amount,
    });
  });

  it('refuses a confirm whose quoted rate is no longer the bank’s, and moves nothing', async () => {
    const c = await customer(bank, 'Stale Quote', 1000);
    const response = await c.client.post(
      '/api/wire-transfers/sepa',
      sepa(c, { quotedRate: '0.500000' }),
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'The exchange rate you confirmed has expired. Review the new rate and confirm again.',
    );
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 1000 });
    expect((await c.client.get('/api/transfers/recent')).body.data.transfers).toEqual([]);
  });

  it.each(['abc', '-1', '0', '1e-1', '0.9x', '0.0000001'])(
    'refuses the quoted rate %j as a field error, not an expired quote, and records nothing',
    async (quotedRate) => {
      const c = await customer(bank, 'Rate Typo', 1000);
      const before = await eventsNaming(c.id);
      const response = await c.client.post('/api/wire-transfers/sepa', sepa(c, { quotedRate }));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toEqual({
        quotedRate: [
          'The exchange rate must be the rate you were quoted, as a decimal such as 0.9237.',
        ],
      });
      expect(await eventsNaming(c.id)).toBe(before);
      expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 1000 });
    },
  );

  it.each(['', 'abc', '4.99'])('refuses a quote for the amount %j', async (amount) => {
    const c = await customer(bank, 'Quote Checker', 10);
    const response = await c.client.get(`/api/wire-transfers/sepa/quote?amount=${amount}`);
    expect(response.status).toBe(422);
    expect(response.body.errors.amount).toHaveLength(1);
  });

  it.each(['10000.01', '1000000000000', '9999999999999.99', '10000000000000', '0010000000000000'])(
    'refuses a quote for %s, more than any SEPA transfer may move, as the transfer does',
    async (amount) => {
      const c = await customer(bank, 'Quote Too Big', 10);
      const response = await c.client.get(`/api/wire-transfers/sepa/quote?amount=${amount}`);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        code: 'DAILY_LIMIT_EXCEEDED',
        message: DAILY_LIMIT_MESSAGE,
        errors: { amount: [DAILY_LIMIT_MESSAGE] },
      });
      expect(JSON.stringify(response.body)).not.toContain('quote');
    },
  );

  it.each(['10000000000000.001', '1e13', '1e15', '-10000000000000'])(
    'refuses a quote for %s, a huge amount badly written, as no amount',
    async (amount) => {
      const c = await customer(bank, 'Quote Junk', 10);
      const response = await c.client.get(`/api/wire-transfers/sepa/quote?amount=${amount}`);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors.amount).toHaveLength(1);
      expect(response.body.errors.amount).not.toEqual([DAILY_LIMIT_MESSAGE]);
    },
  );

  it('quotes the most a SEPA transfer may move in a day', async () => {
    const c = await customer(bank, 'Quote At Limit', 10);
    const most = DAILY_LIMITS.sepa / 100;
    const response = await c.client.get(`/api/wire-transfers/sepa/quote?amount=${most}`);
    expect(response.status).toBe(200);
    expect(response.body.data.quote.amount).toBe(most);
  });

  it('gives text too long to be an amount the amount’s own message', async () => {
    const c = await customer(bank, 'Quote Checker', 10);
    const response = await c.client.get(`/api/wire-transfers/sepa/quote?amount=${'9'.repeat(21)}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ amount: [DECIMALS_MESSAGE] });
  });
});

describe('unknown type', () => {
  it("answers 'Invalid transfer type'", async () => {
    const c = await customer(bank, 'Type Tester');
    const response = await c.client.post('/api/transfers/wire', { amount: 10 });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Invalid transfer type');
  });
});
