import { transferSubmitted } from '@bank/contracts';
import { ageStepUp, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
/**
 * Long enough for a test to see a wire pending on a loaded machine, short enough that a domestic
 * wire is due today (its message says so) unless sent in the last seconds before midnight.
 */
const SETTLEMENT_DELAY_MS = 10_000;
beforeAll(async () => {
  bank = await startMoneyBank(SETTLEMENT_DELAY_MS);
});

/** Runs a transfer's settlement job now rather than when it falls due. */
async function settleNow(transferId: string) {
  await dispatchJobs(bank);
  const job = await bank.jobs!.queue.getJob(`settle-transfer-${transferId}`);
  if (job && (await job.isDelayed())) await job.promote();
}
afterAll(async () => {
  await bank.stop();
});

const VALID_ROUTING = '021000021';
const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const FRENCH_IBAN = 'FR1420041010050500013M02606';

const domestic = (c: Customer, overrides: Record<string, unknown> = {}) => ({
  fromAccount: c.checking.id,
  amount: 500,
  memo: 'Closing costs',
  recipientName: 'Title Co LLC',
  bankName: 'First National',
  accountNumber: '123456789',
  routingNumber: VALID_ROUTING,
  recipientAddress: '1 Main St, Boston MA 02108',
  purposeOfPayment: 'property',
  ...overrides,
});

const international = (c: Customer, overrides: Record<string, unknown> = {}) => ({
  fromAccount: c.checking.id,
  amount: 400,
  recipientName: 'Lena Vogel',
  bankName: 'Deutsche Bank',
  accountNumber: GERMAN_IBAN,
  swiftCode: 'deutdeff',
  recipientAddress: 'Hauptstr. 1, 10115 Berlin',
  purposeOfPayment: 'family_support',
  ...overrides,
});

async function lines(c: Customer) {
  await bank.runner.catchUp();
  return (await c.client.get('/api/dashboard/comprehensive-history?limit=50')).body.data
    .transactions as { id: string; description: string; status: string; kind: string }[];
}

describe('domestic wire', () => {
  it('holds the amount and the $25.00 fee, settles to clearing:wire and fees, and cannot be cancelled', async () => {
    const before = await ledger(bank);
    const c = await customer(bank, 'Dana Wire', 2000);
    const response = await c.client.post('/api/wire-transfers/domestic', domestic(c));
    expect(response.status).toBe(201);
    expect(transferSubmitted.safeParse(response.body).success).toBe(true);
    // SETTLEMENT_DELAY_MS is set here: the wire settles the same day, whenever it is sent.
    expect(response.body.message).toBe('Wire transfer sent. It will arrive today.');
    const wire = response.body.data.transfer;
    expect(wire).toMatchObject({
      type: 'domestic-wire',
      status: 'pending',
      amount: 500,
      fee: 25,
      total: 525,
      recipient_account: '****6789',
      processing_time: 'Same day',
      purpose_of_payment: 'property',
      from_account: { available_balance: 1475 },
    });
    expect(JSON.stringify(response.body)).not.toContain('123456789');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 2000, available: 1475 });
    const held = (await lines(c)).filter((l) => l.status === 'pending');
    expect(held.map((l) => l.description).sort()).toEqual([
      'Domestic wire fee',
      'Wire to Title Co LLC at First National (****6789)',
    ]);

    // The customer is told at once, loudly: a wire cannot be called back.
    const notices = (await c.client.get('/api/notifications')).body.data.notifications as {
      title: string;
      message: string;
      priority: string;
    }[];
    const notice = notices.find((n) => n.title === 'Domestic wire sent');
    expect(notice?.priority).toBe('high');
    expect(notice?.message).toMatch(
      /^A \$500\.00 domestic wire to Title Co LLC \(fee \$25\.00\) left your .+ A wire cannot be cancelled: if you did not send it, contact us at once\. Reference TRF-/,
    );

    // Final once sent: the cancel route refuses it and the receipt offers no Cancel.
    const cancel = await c.client.post(`/api/transfers/${wire.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('A wire transfer cannot be cancelled once it is sent.');
    const wireLine = held.find((l) => l.kind === 'domestic-wire')!;
    const receipt = (await c.client.get(`/api/transactions/${wireLine.id}`)).body.data.receipt;
    expect(receipt.cancellable).toBeNull();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 2000, available: 1475 });

    await settleNow(wire.id);
    await poll(
      async () => (await c.client.get('/api/transfers/recent')).body.data.transfers[0].status,
      (s) => s === 'completed',
    );
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1475, available: 1475 });
    const after = await ledger(bank);
    expect(after.balanced).toBe(true);
    expect(after.internal['clearing:wire']! - (before.internal['clearing:wire'] ?? 0)).toBe(500);
    expect(after.internal['income:fees']! - (before.internal['income:fees'] ?? 0)).toBe(25);
    const settled = await lines(c);
    expect(settled.filter((l) => l.status === 'pending')).toEqual([]);
  });

  it.each([
    [{ recipientAddress: '' }, 'recipientAddress', 'Please enter the recipient’s address'],
    [{ purposeOfPayment: '' }, 'purposeOfPayment', 'Please select a purpose of payment'],
    [
      { purposeOfPayment: 'bribes' },
      'purposeOfPayment',
      'Please select a valid purpose of payment',
    ],
    [
      { routingNumber: '021000022' },
      'routingNumber',
      'Routing number is not a valid ABA routing number',
    ],
    [{ accountNumber: '12ab' }, 'accountNumber', 'Account number must be 4 to 17 digits'],
    [{ bankName: '' }, 'bankName', 'Please enter bank name'],
    [{ amount: 4.99 }, 'amount', 'Please enter an amount of at least $5.00'],
    [
      { amount: { value: 500 } },
      'amount',
      'The amount must be a positive number with at most 2 decimals.',
    ],
  ])('refuses %j and moves nothing', async (override, field, message) => {
    const c = await customer(bank, 'Wire Validation', 1000);
    const response = await c.client.post('/api/wire-transfers/domestic', domestic(c, override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 1000 });
  });

  it('asks the customer to prove it is them when the session last did so over 5 minutes ago', async () => {
    const c = await customer(bank, 'Wire Step Up', 1000);
    await ageStepUp(bank, c.id);
    const refused = await c.client.post('/api/wire-transfers/domestic', domestic(c), {
      'idempotency-key': 'wire-after-step-up',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 1000 });

    await bank.ownerPool.query(`UPDATE sessions SET stepped_up_at = now() WHERE customer_id = $1`, [
      c.id,
    ]);
    await bank.ctx.sessions.caughtUp();
    // The same request sent again after the proof goes through once.
    const sent = await c.client.post('/api/wire-transfers/domestic', domestic(c), {
      'idempotency-key': 'wire-after-step-up',
    });
    expect(sent.status).toBe(201);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 475 });

    // Sending the wire again from the recent list asks for the proof as well.
    await ageStepUp(bank, c.id);
    const repeat = await c.client.post(`/api/transfers/${sent.body.data.transfer.id}/repeat`, {
      amount: 20,
    });
    expect(repeat.status).toBe(403);
    expect(repeat.body.code).toBe('STEP_UP_REQUIRED');
    await bank.ownerPool.query(`UPDATE sessions SET stepped_up_at = now() WHERE customer_id = $1`, [
      c.id,
    ]);
    await bank.ctx.sessions.caughtUp();
    const repeated = await c.client.post(`/api/transfers/${sent.body.data.transfer.id}/repeat`, {
      amount: 20,
    });
    expect(repeated.status).toBe(201);
    expect(repeated.body.data.transfer).toMatchObject({
      type: 'domestic-wire',
      amount: 20,
      fee: 25,
      recipient_account: '****6789',
    });
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 430 });
  });

  it('refuses amount plus fee above the available balance', async () => {
    const c = await customer(bank, 'Wire Short', 510);
    const response = await c.client.post('/api/wire-transfers/domestic', domestic(c));
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 510, available: 510 });
  });

  it('sends one wire for one Idempotency-Key, however many times it arrives at once', async () => {
    const c = await customer(bank, 'Wire Twice', 3000);
    const headers = { 'idempotency-key': 'wire-once' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        c.client.post('/api/wire-transfers/domestic', domestic(c), headers),
      ),
    );
    const ids = new Set(
      answers.filter((a) => a.status === 201).map((a) => a.body.data.transfer.id),
    );
    expect(ids.size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 3000, available: 2475 });
    expect((await c.client.get('/api/transfers/recent')).body.data.transfers).toHaveLength(1);
  });

  it('holds a wire to an account new to the customer to the new-account limit', async () => {
    const c = await customer(bank, 'Wire Large', 10_000);
    const response = await c.client.post(
      '/api/wire-transfers/domestic',
      domestic(c, { amount: 5000 }),
    );
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(response.body.errors.amount[0]).toMatch(/new account are limited to \$1,000\.00/);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 10_000, available: 10_000 });
  });

  it("takes a saved US recipient's account from the address book, and not another customer's", async () => {
    const c = await customer(bank, 'Wire Saved', 1000);
    const saved = await c.client.post('/api/transfers/recipients', {
      type: 'external-bank',
      nickname: 'Landlord',
      recipientName: 'Pat Landlord',
      bankName: 'First National',
      accountNumber: '44445555',
      routingNumber: VALID_ROUTING,
    });
    expect(saved.status).toBe(201);
    const recipientId = saved.body.data.recipient.id as string;
    const sent = await c.client.post(
      '/api/wire-transfers/domestic',
      domestic(c, {
        savedRecipientId: recipientId,
        accountNumber: '',
        routingNumber: '',
        amount: 50,
      }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data.transfer).toMatchObject({
      recipient_name: 'Pat Landlord',
      recipient_account: '****5555',
    });

    const stranger = await customer(bank, 'Wire Stranger', 1000);
    const stolen = await stranger.client.post(
      '/api/wire-transfers/domestic',
      domestic(stranger, { savedRecipientId: recipientId }),
    );
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.savedRecipientId).toEqual([
      'Please choose one of your saved recipients',
    ]);
    expect(await balances(stranger, stranger.checking.id)).toEqual({
      balance: 1000,
      available: 1000,
    });
  });
});

describe('international wire', () => {
  it('sends dollars to an IBAN for $45.00, the country taken from the SWIFT/BIC', async () => {
    const c = await customer(bank, 'Iris Abroad', 1000);
    const response = await c.client.post('/api/wire-transfers/international', international(c));
    expect(response.status).toBe(201);
    expect(response.body.data.transfer).toMatchObject({
      type: 'international-wire',
      status: 'pending',
      amount: 400,
      fee: 45,
      total: 445,
      country: 'DE',
      recipient_account: '****3000',
      processing_time: '1-3 business days',
      exchange: null,
    });
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 555 });
    const held = (await lines(c)).filter((l) => l.status === 'pending');
    expect(held.map((l) => l.description).sort()).toEqual([
      'International wire fee',
      'International wire to Lena Vogel (DE ****3000)',
    ]);
    await settleNow(response.body.data.transfer.id);
    await poll(
      async () => (await c.client.get('/api/transfers/recent')).body.data.transfers[0].status,
      (s) => s === 'completed',
    );
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 555, available: 555 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('sends to an account number where the country has no IBAN', async () => {
    const c = await customer(bank, 'Hong Kong Payer', 1000);
    const response = await c.client.post(
      '/api/wire-transfers/international',
      international(c, { accountNumber: '004-123456-001', swiftCode: 'HSBCHKHH' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.transfer).toMatchObject({
      country: 'HK',
      recipient_account: '****6001',
    });
  });

  it('takes a saved IBAN from the address book, and the SWIFT/BIC typed when it has none', async () => {
    const c = await customer(bank, 'Saved Iban', 1000);
    const save = async (body: Record<string, unknown>) => {
      const saved = await c.client.post('/api/transfers/recipients', {
        type: 'sepa',
        recipientName: 'Luc Martin',
        bankName: 'BNP Paribas',
        iban: FRENCH_IBAN,
        country: 'FR',
        ...body,
      });
      expect(saved.status).toBe(201);
      return saved.body.data.recipient.id as string;
    };
    // SEPA needs no SWIFT/BIC, so the address book may hold none.
    const withoutSwift = await save({ nickname: 'Luc' });
    const wire = (body: Record<string, unknown>) =>
      c.client.post(
        '/api/wire-transfers/international',
        international(c, { accountNumber: '', swiftCode: '', amount: 50, ...body }),
      );
    const sent = await wire({ savedRecipientId: withoutSwift, swiftCode: 'bnpafrpp' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.transfer).toMatchObject({
      recipient_name: 'Luc Martin',
      recipient_account: '****2606',
      country: 'FR',
    });
    // The typed bank must still be in the IBAN's country, and is still needed.
    const elsewhere = await wire({ savedRecipientId: withoutSwift, swiftCode: 'DEUTDEFF' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.accountNumber).toEqual([
      'The IBAN belongs to another country than the bank’s SWIFT/BIC',
    ]);
    const none = await wire({ savedRecipientId: withoutSwift });
    expect(none.status).toBe(422);
    expect(none.body.errors.swiftCode).toEqual(['Please enter the SWIFT/BIC code']);

    // A saved SWIFT/BIC is the wire's, whatever is typed beside it.
    expect((await c.client.delete(`/api/transfers/recipients/${withoutSwift}`)).status).toBe(200);
    const withSwift = await save({ nickname: 'Luc at BNP', swiftCode: 'BNPAFRPP' });
    const saved = await wire({ savedRecipientId: withSwift, swiftCode: 'DEUTDEFF', amount: 60 });
    expect(saved.status).toBe(201);
    expect(saved.body.data.transfer.country).toBe('FR');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 800 });
  });

  it.each([
    [{ swiftCode: '' }, 'swiftCode', 'Please enter the SWIFT/BIC code'],
    [{ swiftCode: 'DEUT1EFF' }, 'swiftCode', 'SWIFT/BIC must be 8 or 11 letters and digits'],
    [
      { swiftCode: 'CHASUS33' },
      'swiftCode',
      'This bank is in the United States: send a domestic wire instead',
    ],
    [{ swiftCode: 'ABCDZZ22' }, 'swiftCode', 'This SWIFT/BIC code does not name a country'],
    [{ accountNumber: '' }, 'accountNumber', 'Please enter the IBAN or account number'],
    [
      { accountNumber: FRENCH_IBAN },
      'accountNumber',
      'The IBAN belongs to another country than the bank’s SWIFT/BIC',
    ],
    [
      { accountNumber: 'DE00370400440532013000' },
      'accountNumber',
      'IBAN check digits are not valid',
    ],
    [
      { accountNumber: 'ACCT#12', swiftCode: 'HSBCHKHH' },
      'accountNumber',
      'The account number must be 4 to 34 letters and digits',
    ],
    // Germany has IBANs: its banks take no bare account number, and its IBANs have 22 characters.
    [
      { accountNumber: '0532013000' },
      'accountNumber',
      'Banks in this country take an IBAN: please enter the IBAN',
    ],
    [
      { accountNumber: 'DE543704004405320130001' },
      'accountNumber',
      'The IBAN does not have as many characters as IBANs of its country',
    ],
    [{ recipientAddress: '   ' }, 'recipientAddress', 'Please enter the recipient’s address'],
  ])('refuses %j and moves nothing', async (override, field, message) => {
    const c = await customer(bank, 'Intl Validation', 1000);
    const response = await c.client.post(
      '/api/wire-transfers/international',
      international(c, override),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1000, available: 1000 });
  });

  it("refuses another customer's account as the source, as if it did not exist", async () => {
    const owner = await customer(bank, 'Source Owner', 1000);
    const thief = await customer(bank, 'Source Thief', 1000);
    const response = await thief.client.post(
      '/api/wire-transfers/international',
      international(thief, { fromAccount: owner.checking.id }),
    );
    expect(response.status).toBe(404);
    expect(await balances(owner, owner.checking.id)).toEqual({ balance: 1000, available: 1000 });
  });

  it('reports both wires in the limits, with their fees and processing times', async () => {
    const c = await customer(bank, 'Limits Reader');
    const limits = (await c.client.get('/api/transfers/limits')).body.data.limits;
    expect(limits['domestic-wire']).toMatchObject({
      title: 'Domestic Wire',
      daily_limit: 50_000,
      fee: 25,
      processing_time: 'Same day',
    });
    expect(limits['international-wire']).toMatchObject({
      title: 'International Wire',
      daily_limit: 25_000,
      fee: 45,
      processing_time: '1-3 business days',
    });
  });
});
