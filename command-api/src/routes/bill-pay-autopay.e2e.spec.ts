import { BILL_PAY_MESSAGES } from '@bank/contracts';
import type { EventData } from '@bank/events';
import { ApiClient, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOPAY_JOB, billPayJobModule } from '../jobs/bill-pay-jobs.ts';
import { billPayStreams, runAutopayOccurrence } from '../services/bill-pay.ts';
import {
  billPayBankForFile,
  billPayNotices,
  closeAccountAsErased,
} from './bill-pay-test-helpers.ts';
import { balances, customer, seeingTheLog, setBillPayDay } from './money-test-helpers.ts';

/** PUT /bill-payments/payees/{id}/autopay: a payee's AutoPay turned on, changed or off at any time. */

let bank: TestBank;
billPayBankForFile((started) => (bank = started));

const customerWith = (dollars: number) => customer(bank, 'Avery AutoPay', dollars);

async function addPayee(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/bill-payments/payees', {
    name: 'City Power & Light',
    category: 'utilities',
    account_number: '5500-1234-9876',
    default_amount: 80.5,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.payee as { id: string };
}

const setAutopay = (
  client: ApiClient,
  payeeId: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => client.put(`/api/bill-payments/payees/${payeeId}/autopay`, body, headers);

interface PayeeRow {
  id: string;
  autopay_enabled: boolean;
  autopay_day: number | null;
  autopay_amount: number | null;
  autopay_account_id: string | null;
  next_payment: { date: string; amount: number } | null;
}

async function payeeOf(client: ApiClient, id: string): Promise<PayeeRow> {
  const payees = (await client.get('/api/bill-payments/payees')).body.data.payees as PayeeRow[];
  return payees.find((p) => p.id === id)!;
}

async function upcoming(client: ApiClient) {
  return (
    (await client.get('/api/bill-payments/scheduled')).body.data.payments as {
      source: string;
      payee_id: string;
      scheduled_date: string;
      amount: number;
    }[]
  ).map((p) => ({ source: p.source, date: p.scheduled_date, amount: p.amount }));
}

async function autopayEvents(customerId: string, from: TestBank = bank) {
  return (await from.store.readStream(billPayStreams.payees(customerId))).filter(
    (e) => e.type === 'BillPayeeAutopayChanged',
  );
}

describe("a payee's AutoPay after it was added", () => {
  it('turns on for a payee added without it, changes, and turns off again', async () => {
    setBillPayDay('2032-05-10');
    const c = await customerWith(0);
    const payee = await addPayee(c.client);

    // On, paying the default amount.
    const on = await setAutopay(c.client, payee.id, { autopay_enabled: true, autopay_day: 20 });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.message).toBe('AutoPay updated successfully!');
    expect(on.body.data.autopay).toEqual({
      payee_id: payee.id,
      autopay_enabled: true,
      autopay_day: 20,
      autopay_amount: null,
      autopay_account_id: c.checking.id,
      next_payment: { date: '2032-05-20', amount: 80.5 },
    });
    expect(await payeeOf(c.client, payee.id)).toMatchObject({
      autopay_enabled: true,
      autopay_day: 20,
      autopay_amount: null,
      autopay_account_id: c.checking.id,
      next_payment: { date: '2032-05-20', amount: 80.5 },
    });
    expect(await upcoming(c.client)).toEqual([
      { source: 'autopay', date: '2032-05-20', amount: 80.5 },
    ]);

    // Another day (already past this month) and an amount of its own.
    const changed = await setAutopay(c.client, payee.id, {
      autopay_enabled: 'true',
      autopay_day: '5',
      autopay_amount: '42.10',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.autopay.next_payment).toEqual({ date: '2032-06-05', amount: 42.1 });
    expect(await upcoming(c.client)).toEqual([
      { source: 'autopay', date: '2032-06-05', amount: 42.1 },
    ]);

    // Off: nothing waits any more, and the payee says so.
    const off = await setAutopay(c.client, payee.id, { autopay_enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data.autopay).toMatchObject({ autopay_enabled: false, next_payment: null });
    expect(await payeeOf(c.client, payee.id)).toMatchObject({
      autopay_enabled: false,
      autopay_day: null,
      autopay_amount: null,
      next_payment: null,
    });
    expect(await upcoming(c.client)).toEqual([]);
    expect(await autopayEvents(c.id)).toHaveLength(3);

    // The job of the day it was set for finds AutoPay off, and says so: the payee is still there.
    const run = billPayJobModule.processors(bank.ctx)[AUTOPAY_JOB]!;
    const job = {} as Parameters<typeof run>[1];
    const day = { customerId: c.id, payeeId: payee.id, date: '2032-06-05' };
    setBillPayDay('2032-06-05');
    expect(await run(day, job)).toEqual({ outcome: 'autopay_off' });
    // Only a payee deleted is told as removed.
    await c.client.delete(`/api/bill-payments/payees/${payee.id}`);
    expect(await run(day, job)).toEqual({ outcome: 'payee_removed' });
  });

  it('pays on the new day with the new amount; the job of the day it left pays nothing', async () => {
    setBillPayDay('2032-07-03');
    const c = await customerWith(500);
    const payee = await addPayee(c.client, {
      autopay_enabled: true,
      autopay_day: 20,
      autopay_amount: 50,
    });
    const changed = await setAutopay(c.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 12,
      autopay_amount: 30,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The change asked for a job of its own on its first date.
    await bank.jobs!.dispatchPending();
    const delayed = await bank.jobs!.queue.getDelayed();
    expect(
      delayed.some((j) => j.id?.startsWith(`bill-autopay-${payee.id}-2032-07-12-change-`)),
    ).toBe(true);

    setBillPayDay('2032-07-20');
    expect((await runAutopayOccurrence(bank.ctx, c.id, payee.id, '2032-07-20')).result).toBe(
      'not_due',
    );
    setBillPayDay('2032-07-12');
    expect((await runAutopayOccurrence(bank.ctx, c.id, payee.id, '2032-07-12')).result).toBe(
      'paid',
    );
    await new ApiClient(bank).get('/api/health');
    await expect
      .poll(async () => (await balances(c, c.checking.id)).balance, { timeout: 10_000 })
      .toBe(470);
  });

  it("answers 404 for someone else's payee, or one removed, and changes nothing", async () => {
    setBillPayDay('2032-05-10');
    const owner = await customerWith(0);
    const other = await customerWith(0);
    const payee = await addPayee(owner.client);
    const before = await payeeOf(owner.client, payee.id);

    const theirs = await setAutopay(other.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 1,
      autopay_amount: 2000,
    });
    expect(theirs.status).toBe(404);
    expect(await payeeOf(owner.client, payee.id)).toEqual(before);
    expect(await upcoming(owner.client)).toEqual([]);
    expect(await autopayEvents(owner.id)).toHaveLength(0);
    expect(await autopayEvents(other.id)).toHaveLength(0);
    // Nor may AutoPay pay from someone else's account.
    const fromTheirs = await setAutopay(owner.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 1,
      autopay_account_id: other.checking.id,
    });
    expect(fromTheirs.status).toBe(404);
    expect(await autopayEvents(owner.id)).toHaveLength(0);

    await owner.client.delete(`/api/bill-payments/payees/${payee.id}`);
    const removed = await setAutopay(owner.client, payee.id, { autopay_enabled: false });
    expect(removed.status).toBe(404);
    const unknown = await setAutopay(owner.client, 'not-a-uuid', { autopay_enabled: false });
    expect(unknown.status).toBe(404);
  });

  it('takes effect once for the same request sent twice, with or without a key', async () => {
    setBillPayDay('2032-05-10');
    const c = await customerWith(0);
    const payee = await addPayee(c.client);
    const body = { autopay_enabled: true, autopay_day: 25, autopay_amount: 60 };
    const headers = { 'idempotency-key': 'autopay-twice' };
    const answers = await Promise.all([
      setAutopay(c.client, payee.id, body, headers),
      setAutopay(c.client, payee.id, body, headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body)).toEqual([answers[0]!.body, answers[0]!.body]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await autopayEvents(c.id)).toHaveLength(1);
    // The same key with another body is refused, and records nothing.
    const reused = await setAutopay(c.client, payee.id, { ...body, autopay_day: 26 }, headers);
    expect(reused.status).toBe(422);
    expect(await autopayEvents(c.id)).toHaveLength(1);
    // Without a key, the setting it already has changes nothing, nor moves its next date.
    const again = await setAutopay(c.client, payee.id, body);
    expect(again.status).toBe(200);
    expect(again.body.data.autopay.next_payment).toEqual({ date: '2032-05-25', amount: 60 });
    expect(await autopayEvents(c.id)).toHaveLength(1);
    expect(await upcoming(c.client)).toEqual([
      { source: 'autopay', date: '2032-05-25', amount: 60 },
    ]);
  });

  it.each([
    [{}, 'autopay_enabled', BILL_PAY_MESSAGES.autopayEnabled],
    [{ autopay_enabled: 'maybe' }, 'autopay_enabled', BILL_PAY_MESSAGES.autopayEnabled],
    [{ autopay_enabled: true }, 'autopay_day', BILL_PAY_MESSAGES.autopayDayRequired],
    [
      { autopay_enabled: true, autopay_day: '' },
      'autopay_day',
      BILL_PAY_MESSAGES.autopayDayRequired,
    ],
    [{ autopay_enabled: true, autopay_day: 32 }, 'autopay_day', BILL_PAY_MESSAGES.autopayDay],
    [{ autopay_enabled: true, autopay_day: 2.5 }, 'autopay_day', BILL_PAY_MESSAGES.autopayDay],
    [
      { autopay_enabled: true, autopay_day: 3, autopay_amount: 'lots' },
      'autopay_amount',
      BILL_PAY_MESSAGES.autopayAmount,
    ],
    [
      { autopay_enabled: true, autopay_day: 3, autopay_amount: 10.555 },
      'autopay_amount',
      BILL_PAY_MESSAGES.autopayAmount,
    ],
    [
      { autopay_enabled: true, autopay_day: 3, autopay_account_id: 'mine' },
      'autopay_account_id',
      BILL_PAY_MESSAGES.fromAccount,
    ],
  ])('refuses %j with a field error on %s and changes nothing', async (body, field, message) => {
    const c = await customerWith(0);
    const payee = await addPayee(c.client);
    const response = await setAutopay(c.client, payee.id, body);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await autopayEvents(c.id)).toHaveLength(0);
  });

  it('asks for an amount when the payee has no default, and holds a new payee to its limit', async () => {
    const c = await customerWith(0);
    const payee = await addPayee(c.client, { default_amount: null });
    const none = await setAutopay(c.client, payee.id, { autopay_enabled: true, autopay_day: 3 });
    expect(none.status).toBe(422);
    expect(none.body.errors.autopay_amount).toEqual([BILL_PAY_MESSAGES.autopayAmountRequired]);
    const above = await setAutopay(c.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 3,
      autopay_amount: 2500.01,
    });
    expect(above.status).toBe(422);
    expect(above.body.errors.autopay_amount).toEqual([
      'The first payment to a new payee is limited to $2,500.00.',
    ]);
    expect(await autopayEvents(c.id)).toHaveLength(0);
  });
});

describe('an AutoPay whose account is closed', () => {
  it('is turned off at its first refusal, in the same append: told once, shown off, never run again', async () => {
    setBillPayDay('2032-08-01');
    const c = await customerWith(100);
    const payee = await addPayee(c.client);
    const on = await setAutopay(c.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 10,
      autopay_amount: 20,
      autopay_account_id: c.savings.id,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // The savings account (empty) closed as its owner's erasure closes it.
    await closeAccountAsErased(bank, c.savings.id);

    // The job of the day: refused for good, recorded at once, and AutoPay turned off with it.
    setBillPayDay('2032-08-10');
    const run = billPayJobModule.processors(bank.ctx)[AUTOPAY_JOB]!;
    const job = {} as Parameters<typeof run>[1];
    const day = { customerId: c.id, payeeId: payee.id, date: '2032-08-10' };
    expect(await run(day, job)).toEqual({ outcome: 'stopped' });
    const [failed, ...more] = await bank.store.readStream(
      billPayStreams.occurrence('autopay', payee.id, '2032-08-10'),
    );
    expect(more).toEqual([]);
    expect([failed!.type, failed!.event.data]).toMatchObject([
      'BillPaymentFailed',
      { reason: 'account_closed', nextDate: null, stopped: true },
    ]);
    const off = (await autopayEvents(c.id)).at(-1)!;
    expect(off.event.data).toEqual({ customerId: c.id, payeeId: payee.id, autopay: null });
    expect(off.position.transactionId).toBe(failed!.position.transactionId);

    const notices = () => billPayNotices(bank, c);
    expect(await notices()).toEqual([
      expect.objectContaining({
        title: 'AutoPay turned off',
        message:
          'Your $20.00 payment to City Power & Light due Aug 10, 2032 failed: your High Yield Savings is closed. Nothing was taken from your account. AutoPay for City Power & Light has been turned off; turn it on again with another account if you still need it.',
        priority: 'high',
      }),
    ]);
    // The payee shows AutoPay off, with nothing to come: the refused run is not listed as to come.
    expect(await payeeOf(c.client, payee.id)).toMatchObject({
      autopay_enabled: false,
      autopay_day: null,
      autopay_amount: null,
      autopay_account_id: null,
      next_payment: null,
    });
    const listed = (await c.client.get('/api/bill-payments/scheduled')).body.data.payments;
    expect(listed).toEqual([]);

    // No job for next month, and a run of it (or of the day again) does nothing.
    await bank.jobs!.dispatchPending();
    expect(await bank.jobs!.queue.getJob(`bill-autopay-${payee.id}-2032-09-10`)).toBeUndefined();
    setBillPayDay('2032-09-10');
    expect(await run({ ...day, date: '2032-09-10' }, job)).toEqual({ outcome: 'autopay_off' });
    expect(await run(day, job)).toEqual({ outcome: 'autopay_off' });
    expect(await notices()).toHaveLength(1);
    expect((await balances(c, c.checking.id)).balance).toBe(100);

    // Turned on again by the customer, from another account: AutoPay pays again.
    const again = await setAutopay(c.client, payee.id, {
      autopay_enabled: true,
      autopay_day: 10,
      autopay_amount: 20,
      autopay_account_id: c.checking.id,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await upcoming(c.client)).toEqual([
      { source: 'autopay', date: '2032-10-10', amount: 20 },
    ]);
    setBillPayDay('2032-10-10');
    expect(await run({ ...day, date: '2032-10-10' }, job)).toEqual({ outcome: 'paid' });
    await seeingTheLog(bank, [c]);
    expect((await balances(c, c.checking.id)).balance).toBe(80);
  });
});

/**
 * Catches the read models up with the whole log, then checks that the payee's AutoPay there is the
 * setting of the last BillPayeeAutopayChanged the log holds for it.
 */
async function expectReadModelAsLog(
  c: { id: string; client: ApiClient },
  payeeId: string,
  from: TestBank = bank,
) {
  await seeingTheLog(from, [c]);
  const changes = (await autopayEvents(c.id, from)).map(
    (e) => e.event.data as EventData<'BillPayeeAutopayChanged'>,
  );
  const setting = changes.filter((d) => d.payeeId === payeeId).at(-1)!.autopay;
  const row = await payeeOf(c.client, payeeId);
  expect(row).toMatchObject(
    setting
      ? {
          autopay_enabled: true,
          autopay_day: setting.day,
          autopay_amount: setting.amountCents === null ? null : setting.amountCents / 100,
          autopay_account_id: setting.fromAccountId,
          next_payment: { date: setting.firstDate },
        }
      : { autopay_enabled: false, autopay_day: null, autopay_amount: null, next_payment: null },
  );
  return row;
}

describe("a payee's AutoPay changed by many requests at once", () => {
  it('takes effect once for fifty identical requests at once with one key', async () => {
    setBillPayDay('2032-05-10');
    const c = await customerWith(0);
    const payee = await addPayee(c.client);
    const body = { autopay_enabled: true, autopay_day: 15, autopay_amount: 64.25 };
    const headers = { 'idempotency-key': 'autopay-fifty' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => setAutopay(c.client, payee.id, body, headers)),
    );
    // One customer's money commands run one at a time: the first is done, the others replay it.
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(answers[0]!.body.data.autopay).toMatchObject({
      autopay_enabled: true,
      autopay_day: 15,
      autopay_amount: 64.25,
      next_payment: { date: '2032-05-15', amount: 64.25 },
    });
    expect(await autopayEvents(c.id)).toHaveLength(1);
    expect(await expectReadModelAsLog(c, payee.id)).toMatchObject({
      autopay_day: 15,
      autopay_amount: 64.25,
    });
    expect(await upcoming(c.client)).toEqual([
      { source: 'autopay', date: '2032-05-15', amount: 64.25 },
    ]);
  });

  it('leaves the setting of the last change in the log for fifty different requests at once', async () => {
    setBillPayDay('2032-05-10');
    const c = await customerWith(0);
    const payee = await addPayee(c.client);
    // Each its own key, day and amount.
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      autopay_enabled: true,
      autopay_day: (i % 28) + 1,
      autopay_amount: 20 + i + 0.01 * i,
    }));
    const answers = await Promise.all(
      bodies.map((body, i) =>
        setAutopay(c.client, payee.id, body, { 'idempotency-key': `autopay-many-${i}` }),
      ),
    );
    for (const answer of answers) {
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const done = answers.filter((a) => a.status === 200);
    expect(done.length).toBeGreaterThan(0);
    // No two settings are the same, so each one done is one event, and nothing else is.
    const events = await autopayEvents(c.id);
    expect(events).toHaveLength(done.length);
    expect(new Set(events.map((e) => e.metadata.idempotencyKey)).size).toBe(events.length);
    await expectReadModelAsLog(c, payee.id);
  });
});

describe("a payee's AutoPay under the money rate limit", () => {
  let limited: TestBank;
  beforeAll(async () => {
    limited = await startTestBank({
      jobs: billPayJobModule,
      rateLimits: {
        auth: { max: 10_000, timeWindow: 60_000 },
        money: { max: 10, timeWindow: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('answers 429, never 500, to what is over the limit, and records only what it let through', async () => {
    setBillPayDay('2032-05-10');
    const c = await customer(limited, 'Rita RateLimit', 0);
    const payee = await addPayee(c.client);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        setAutopay(
          c.client,
          payee.id,
          { autopay_enabled: true, autopay_day: (i % 28) + 1, autopay_amount: 30 + i },
          { 'idempotency-key': `autopay-limited-${i}` },
        ),
      ),
    );
    for (const answer of answers) {
      expect([200, 429], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body.code).toBe('RATE_LIMITED');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const done = answers.filter((a) => a.status === 200);
    expect(done.length).toBeGreaterThan(0);
    expect(await autopayEvents(c.id, limited)).toHaveLength(done.length);
    await expectReadModelAsLog(c, payee.id, limited);
  });
});
