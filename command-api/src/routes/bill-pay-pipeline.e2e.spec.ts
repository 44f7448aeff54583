import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { randomUUID } from 'node:crypto';
import { BILL_PAY_MESSAGES } from '@bank/contracts';
import { BillPayeeAdded } from '@bank/events';
import type { TestBank } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { payeesAggregate } from '../domain/bill-pay/payees.ts';
import { billPayClock, billPayStreams, runScheduledOccurrence } from '../services/bill-pay.ts';
import { RENAME_NICKNAME_MISSING } from './bill-pay.ts';
import { billPayBankForFile } from './bill-pay-test-helpers.ts';
import { balances, customer, ledger, type Customer } from './money-test-helpers.ts';

/** Bill pay through the money pipeline: Idempotency-Key, limits now and on the day it runs. */
let bank: TestBank;
billPayBankForFile((started) => (bank = started));

const DAILY = 'You have exceeded your daily transaction limit.';
const NEW_PAYEE = 'The first payment to a new payee is limited to $2,500.00.';

async function addPayee(c: Customer, extra: Record<string, unknown> = {}, headers = {}) {
  return c.client.post(
    '/api/bill-payments/payees',
    { name: 'Made Up Inc', category: 'other', account_number: '99887766', ...extra },
    headers,
  );
}

async function payeeId(c: Customer, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await addPayee(c, extra);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.payee.id as string;
}

function pay(c: Customer, payee: string, amount: number, extra = {}, headers = {}) {
  return c.client.post(
    '/api/bill-payments/schedule',
    { payee_id: payee, from_account_id: c.checking.id, amount, ...extra },
    headers,
  );
}

async function billHistory(c: Customer) {
  await bank.runner.catchUp();
  return (await c.client.get('/api/bill-payments/history?type=bill_payments&limit=50')).body.data
    .transactions as { status: string; amount: number }[];
}

/** A payee already paid once, so only the daily and monthly limits apply to it. */
async function establishedPayee(c: Customer): Promise<string> {
  const payee = await payeeId(c);
  expect((await pay(c, payee, 1)).status).toBe(201);
  return payee;
}

/**
 * Payees appended to the log as the bank recorded them before account hashes and nicknames of
 * look-alikes were asked for (the routes refuse to add such payees now); their ids.
 */
async function appendOlderPayees(
  c: Customer,
  payees: { name: string; accountNumber: string }[],
): Promise<string[]> {
  const ids = payees.map(() => randomUUID());
  await bank.ctx.bus.execute({ actor: 'test' }, async (uow) => {
    const stream = billPayStreams.payees(c.id);
    await uow.load(stream, payeesAggregate);
    uow.append(
      stream,
      payees.map(({ name, accountNumber }, i) =>
        BillPayeeAdded.create({
          customerId: c.id,
          payeeId: ids[i]!,
          name,
          displayName: null,
          category: 'utilities',
          accountNumberEncrypted: bank.ctx.secrets.encrypt(accountNumber),
          accountLast4: accountNumber.slice(-4),
          address: null,
          city: null,
          state: null,
          zipCode: null,
          phone: null,
          defaultAmountCents: null,
          autopay: null,
        }),
      ),
    );
  });
  return ids;
}

describe('bill pay limits', () => {
  it('refuses $9,000,000 to a payee made up on the spot, and moves nothing', async () => {
    const c = await customer(bank, 'Big Spender', 10_000_000);
    const payee = await payeeId(c);
    const response = await pay(c, payee, 9_000_000);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(response.body.errors.amount).toEqual([DAILY]);
    expect(await balances(c, c.checking.id)).toEqual({
      balance: 10_000_000,
      available: 10_000_000,
    });
    expect(await billHistory(c)).toEqual([]);
  });

  it('holds a new payee to $2,500 for its first payment, then to $10,000 a day', async () => {
    const c = await customer(bank, 'Careful Payer', 30_000);
    const payee = await payeeId(c);
    const first = await pay(c, payee, 2_500.01);
    expect(first.status).toBe(422);
    expect(first.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(first.body.errors.amount).toEqual([NEW_PAYEE]);
    expect((await pay(c, payee, 2_500)).status).toBe(201);
    expect((await pay(c, payee, 7_000)).status).toBe(201);
    const over = await pay(c, payee, 500.01);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(over.body.message).toBe(DAILY);
    expect((await pay(c, payee, 500)).status).toBe(201);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 20_000, available: 20_000 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('refuses an AutoPay amount above the new-payee limit when the payee is added', async () => {
    const c = await customer(bank, 'AutoPay Setter', 100);
    const response = await addPayee(c, {
      autopay_enabled: true,
      autopay_day: 5,
      autopay_amount: 2_500.01,
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(response.body.errors.autopay_amount).toEqual([NEW_PAYEE]);
    const tooMuch = await addPayee(c, {
      autopay_enabled: true,
      autopay_day: 5,
      autopay_amount: 1e7,
    });
    expect(tooMuch.body.errors.autopay_amount).toEqual([DAILY]);
    expect((await c.client.get('/api/bill-payments/payees')).body.data.payees).toEqual([]);
  });

  it('refuses a default amount no day could pay when the payee is added', async () => {
    const c = await customer(bank, 'Default Setter', 100);
    const tooMuch = await addPayee(c, { default_amount: 1_000_000_000_000 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.default_amount).toEqual([DAILY]);
    expect((await addPayee(c, { default_amount: 10_000.01 })).body.errors.default_amount).toEqual([
      DAILY,
    ]);
    expect((await c.client.get('/api/bill-payments/payees')).body.data.payees).toEqual([]);
    const most = await addPayee(c, { default_amount: 10_000 });
    expect(most.status, JSON.stringify(most.body)).toBe(201);
    expect(most.body.data.payee.default_amount).toBe(10_000);
  });

  it('refuses a scheduled payment no day could pay, at once', async () => {
    const c = await customer(bank, 'Planner', 100);
    const payee = await establishedPayee(c);
    const inAMonth = addDaysIso(bankToday(), 30);
    const response = await pay(c, payee, 10_000.01, { scheduled_date: inAMonth });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    await bank.runner.catchUp();
    expect((await c.client.get('/api/bill-payments/scheduled')).body.data.payments).toEqual([]);
  });

  it('refuses a payment dated more than a year ahead, and schedules nothing', async () => {
    const c = await customer(bank, 'Far Planner', 100);
    const payee = await establishedPayee(c);
    const response = await pay(c, payee, 10, { scheduled_date: '9999-12-31' });
    expect(response.status).toBe(422);
    expect(response.body.errors.scheduled_date).toEqual([
      'A payment can be scheduled at most one year ahead.',
    ]);
    await bank.runner.catchUp();
    expect((await c.client.get('/api/bill-payments/scheduled')).body.data.payments).toEqual([]);
  });

  it('checks the limit again on the day a scheduled payment runs, and fails it without a debit', async () => {
    billPayClock.now = () => new Date('2031-03-04T17:00:00Z');
    const c = await customer(bank, 'Future Payer', 20_000);
    const payee = await establishedPayee(c);
    const scheduled = await pay(c, payee, 4_000, { scheduled_date: '2031-03-05' });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.data.payment.status).toBe('scheduled');
    // Its job is queued now, due at midnight in New York (hours away on this clock).
    await bank.jobs!.dispatchPending();

    // On the 5th the customer pays $9,000 by hand: the scheduled $4,000 no longer fits the day.
    billPayClock.now = () => new Date('2031-03-05T15:00:00Z');
    expect((await pay(c, payee, 9_000)).status).toBe(201);
    const run = await runScheduledOccurrence(
      bank.ctx,
      scheduled.body.data.payment.id,
      '2031-03-05',
    );
    expect(run.result).toBe('failed');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 10_999, available: 10_999 });
    // The run happened on the server, not through this client, so its session token does not
    // cover the failure notice: wait for the projections instead.
    await bank.runner.catchUp();
    const notes = (await c.client.get('/api/notifications?type=bill_payment')).body.data
      .notifications as { title: string; message: string }[];
    expect(notes.map((n) => n.title)).toContain('Bill payment failed');
    expect(notes.find((n) => n.title === 'Bill payment failed')!.message).toContain(
      'exceeded your daily transaction limit',
    );
    expect((await billHistory(c)).map((h) => h.status).sort()).toEqual([
      'completed',
      'completed',
      'failed',
    ]);
  });
});

describe('bill pay idempotency', () => {
  it('pays once for the same Idempotency-Key sent three times, with the stored answer', async () => {
    const c = await customer(bank, 'Triple Clicker', 1_000);
    const payee = await payeeId(c);
    const headers = { 'idempotency-key': 'bill-3x' };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await pay(c, payee, 100, {}, headers));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.headers['idempotent-replayed'])).toEqual([
      undefined,
      'true',
      'true',
    ]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 900, available: 900 });
    expect(await billHistory(c)).toHaveLength(1);
  });

  it('refuses the same key with another body, and moves nothing for it', async () => {
    const c = await customer(bank, 'Key Reuser', 1_000);
    const payee = await payeeId(c);
    const headers = { 'idempotency-key': 'bill-reuse' };
    expect((await pay(c, payee, 100, {}, headers)).status).toBe(201);
    const other = await pay(c, payee, 200, {}, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 900, available: 900 });
  });

  it('pays once for fifty concurrent requests with one key', async () => {
    const c = await customer(bank, 'Fifty At Once', 1_000);
    const payee = await payeeId(c);
    const headers = { 'idempotency-key': 'bill-fifty' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => pay(c, payee, 10, {}, headers)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.payment.id)).size).toBe(1);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 990, available: 990 });
    expect(await billHistory(c)).toHaveLength(1);
  });

  it('refuses an identical payment within a minute without a key, as a duplicate', async () => {
    const c = await customer(bank, 'Double Clicker', 1_000);
    const payee = await payeeId(c);
    expect((await pay(c, payee, 50)).status).toBe(201);
    const again = await pay(c, payee, 50);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_TRANSACTION');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 950, available: 950 });
  });

  it('adds one payee (one AutoPay) for a retried request with the same key', async () => {
    const c = await customer(bank, 'Payee Retrier', 100);
    const headers = { 'idempotency-key': 'payee-retry' };
    const form = { autopay_enabled: true, autopay_day: 12, autopay_amount: 20 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => addPayee(c, form, headers)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.payee.id)).size).toBe(1);
    await bank.runner.catchUp();
    expect((await c.client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(1);
  });

  it('adds one payee (one AutoPay) for the same request sent again without a key', async () => {
    const c = await customer(bank, 'Payee Double Clicker', 100);
    const form = { autopay_enabled: true, autopay_day: 12, autopay_amount: 20 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => addPayee(c, form)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(refused.body.errors.account_number).toEqual([BILL_PAY_MESSAGES.payeeExists]);
    }
    // The same company typed another way, and the same account number, is the same payee.
    const retyped = await addPayee(c, {
      ...form,
      name: ' made up INC ',
      account_number: '9988 7766',
    });
    expect(retyped.status).toBe(422);
    await bank.runner.catchUp();
    expect((await c.client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(1);
    const autopay = (await c.client.get('/api/bill-payments/scheduled')).body.data.payments;
    expect(autopay).toHaveLength(1);
    // Another account at the same company is another payee.
    expect((await addPayee(c, { account_number: '99881234' })).status).toBe(201);
  });

  it('tells payees apart by the whole account number, for payees added before its hash too', async () => {
    const c = await customer(bank, 'Two Accounts', 100);
    const added = await addPayee(c, { account_number: '1111 2222 4455' });
    expect(added.status).toBe(201);
    // Another account at the same company that ends in the same four digits, with a nickname
    // to tell the two apart (without one, the bank asks for it and adds nothing).
    const lookAlike = await addPayee(c, { account_number: '9999 8888 4455' });
    expect(lookAlike.status).toBe(422);
    expect(lookAlike.body.errors.display_name).toEqual([BILL_PAY_MESSAGES.nicknameNeeded]);
    const nicknamed = await addPayee(c, {
      account_number: '9999 8888 4455',
      display_name: 'Rental flat',
    });
    expect(nicknamed.status).toBe(201);
    const again = await addPayee(c, { name: 'MADE UP  inc', account_number: '9999-8888-4455' });
    expect(again.status).toBe(422);
    expect(again.body.errors.account_number).toEqual([BILL_PAY_MESSAGES.payeeExists]);

    // A payee the log holds from before account hashes were recorded.
    await appendOlderPayees(c, [{ name: 'Old Gas Co', accountNumber: '555566667777' }]);
    const old = { name: 'old gas co', category: 'utilities' };
    const repeated = await addPayee(c, { ...old, account_number: '5555 6666 7777' });
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors.account_number).toEqual([BILL_PAY_MESSAGES.payeeExists]);
    const other = { ...old, account_number: '4444 6666 7777' };
    expect((await addPayee(c, other)).body.errors.display_name).toEqual([
      BILL_PAY_MESSAGES.nicknameNeeded,
    ]);
    expect((await addPayee(c, { ...other, display_name: 'Gas at the shop' })).status).toBe(201);
    await bank.runner.catchUp();
    expect((await c.client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(4);
  });

  it('renames a payee, so one of two look-alikes from before nicknames were asked for can be told apart', async () => {
    billPayClock.now = () => new Date('2031-06-09T15:00:00Z');
    const c = await customer(bank, 'Two Flats', 500);
    // Two payees the log holds from before a look-alike needed a nickname.
    const older = await appendOlderPayees(c, [
      { name: 'Casco Power', accountNumber: '10004455' },
      { name: 'Casco Power', accountNumber: '20004455' },
    ]);
    const [home, flat] = older as [string, string];
    const scheduled = await pay(c, flat, 25, { scheduled_date: '2031-06-10' });
    expect(scheduled.status).toBe(201);
    const rename = (id: string, body: Record<string, unknown>) =>
      c.client.put(`/api/bill-payments/payees/${id}`, body);

    const renamed = await rename(flat, { display_name: '  Rental flat ' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe('Payee renamed');
    await bank.runner.catchUp();
    const listed = (await c.client.get('/api/bill-payments/payees')).body.data.payees as {
      id: string;
      name: string;
      display_name: string;
    }[];
    expect(listed.map((p) => [p.id, p.name, p.display_name])).toEqual([
      [home, 'Casco Power', 'Casco Power'],
      [flat, 'Casco Power', 'Rental flat'],
    ]);
    const upcoming = (await c.client.get('/api/bill-payments/scheduled')).body.data.payments;
    expect(upcoming).toMatchObject([{ payee_name: 'Rental flat' }]);

    // Back to the company's name, or the other one to the nickname, would make them alike again.
    for (const [id, body] of [
      [flat, { display_name: '' }],
      [flat, { display_name: null }],
      [flat, { display_name: 'CASCO  power' }],
      [home, { display_name: 'rental flat' }],
    ] as const) {
      const refused = await rename(id, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.display_name).toEqual([BILL_PAY_MESSAGES.nicknameNeeded]);
    }
    const long = await rename(home, { display_name: 'x'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.body.errors.display_name).toEqual([BILL_PAY_MESSAGES.nicknameTooLong]);
    expect((await rename(randomUUID(), { display_name: 'Mine' })).status).toBe(404);
    await bank.runner.catchUp();
    expect(
      (
        (await c.client.get('/api/bill-payments/payees')).body.data.payees as {
          display_name: string;
        }[]
      ).map((p) => p.display_name),
    ).toEqual(['Casco Power', 'Rental flat']);

    // The payment runs on its day under the name the customer gave.
    billPayClock.now = () => new Date('2031-06-10T15:00:00Z');
    const run = await runScheduledOccurrence(
      bank.ctx,
      scheduled.body.data.payment.id,
      '2031-06-10',
    );
    expect(run.result).toBe('paid');
    await bank.runner.catchUp();
    const lines = (await c.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions as { description: string }[];
    expect(lines.map((l) => l.description)).toContain('Bill payment to Rental flat');
  });

  it('renames a payee by nickname too, and keeps the nickname when the body names none', async () => {
    const c = await customer(bank, 'Nick Keeper', 100);
    const payee = await payeeId(c, { nickname: 'Rent' });
    const rename = (body: unknown) => c.client.put(`/api/bill-payments/payees/${payee}`, body);
    const shown = async () => {
      await bank.runner.catchUp();
      const payees = (await c.client.get('/api/bill-payments/payees')).body.data.payees as {
        display_name: string;
      }[];
      return payees.map((p) => p.display_name);
    };
    expect(await shown()).toEqual(['Rent']);

    // A body naming no nickname (another field's name, or nothing) says so and keeps it.
    for (const body of [{}, { name: 'Made Up Inc', category: 'other' }, { nick: 'Flat' }]) {
      const refused = await rename(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.errors.display_name).toEqual([RENAME_NICKNAME_MISSING]);
    }
    expect(await shown()).toEqual(['Rent']);

    // `nickname`, as adding a payee takes it, renames as `display_name` does.
    expect((await rename({ nickname: ' Flat ' })).status).toBe(200);
    expect(await shown()).toEqual(['Flat']);
    expect((await rename({ nickname: null })).status).toBe(200);
    expect(await shown()).toEqual(['Made Up Inc']);
  });

  it('keeps another customer from replaying a key (keys are per customer)', async () => {
    const a = await customer(bank, 'Key Owner', 100);
    const b = await customer(bank, 'Key Borrower', 100);
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await pay(a, await payeeId(a), 10, {}, headers);
    const theirs = await pay(b, await payeeId(b), 10, {}, headers);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.data.payment.id).not.toBe(mine.body.data.payment.id);
    expect(await balances(b, b.checking.id)).toEqual({ balance: 90, available: 90 });
  });
});
