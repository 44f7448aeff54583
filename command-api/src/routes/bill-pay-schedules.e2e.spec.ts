import type { ApiClient } from '@bank/server/testing';
import { deposit, signedUpCustomer, type TestBank } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { startOfBankDate } from '../domain/bill-pay/calendar.ts';
import { SCHEDULE_CANCELLED, SCHEDULE_STOPPED } from '../domain/bill-pay/schedule.ts';
import { AUTOPAY_JOB, BILL_PAYMENT_JOB, billPayJobModule } from '../jobs/bill-pay-jobs.ts';
import {
  billPayClock,
  billPayStreams,
  runAutopayOccurrence,
  runScheduledOccurrence,
} from '../services/bill-pay.ts';
import {
  billPayBankForFile,
  billPayNotices,
  closeAccountAsErased,
} from './bill-pay-test-helpers.ts';
import { createCommandBus } from '../kernel/command-bus.ts';
import { changeScheduledPayment } from '../services/bill-pay-schedules.ts';
import { seeingTheLog } from './money-test-helpers.ts';

let bank: TestBank;
billPayBankForFile((started) => (bank = started));

/** Sets bill pay's clock to `seconds` before the start of `date` in New York, running on. */
function secondsBeforeMidnight(date: string, seconds: number): void {
  const offset = startOfBankDate(date).getTime() - seconds * 1000 - Date.now();
  billPayClock.now = () => new Date(Date.now() + offset);
}

type Customer = Awaited<ReturnType<typeof signedUpCustomer>> & {
  checking: string;
  savings: string;
};

async function customerWith(dollars: number): Promise<Customer> {
  const customer = await signedUpCustomer(bank);
  const funded = await deposit(bank, customer.accounts[0]!.account_number, dollars);
  customer.client.consistencyToken = funded.headers['x-consistency-token'];
  return { ...customer, checking: customer.accounts[0]!.id, savings: customer.accounts[1]!.id };
}

async function balanceOf(client: ApiClient, accountId: string): Promise<number> {
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.balance;
}

interface Upcoming {
  id: string;
  payment_id: string;
  scheduled_date: string;
  amount: number;
  from_account_id: string;
  recurring_frequency: string | null;
}

async function upcoming(client: ApiClient): Promise<Upcoming[]> {
  return (await client.get('/api/bill-payments/scheduled')).body.data.payments;
}

async function billHistory(client: ApiClient) {
  return (await client.get('/api/bill-payments/history?type=bill_payments')).body.data
    .transactions as { status: string; amount: number; date: string }[];
}

/** A customer with $100, a new payee, and a monthly $10 payment from 2031-03-10 (from `from`). */
async function scheduledMonthly(customer?: Customer, from: 'checking' | 'savings' = 'checking') {
  const c = customer ?? (await customerWith(100));
  const payee = (
    await c.client.post('/api/bill-payments/payees', {
      name: 'City Power & Light',
      category: 'utilities',
      account_number: '5500-1234-9876',
    })
  ).body.data.payee as { id: string };
  const response = await c.client.post('/api/bill-payments/schedule', {
    payee_id: payee.id,
    from_account_id: c[from],
    amount: 10,
    scheduled_date: '2031-03-10',
    is_recurring: true,
    recurring_frequency: 'monthly',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...c, payeeId: payee.id, paymentId: response.body.data.payment.id as string };
}

const edit = (c: Customer, overrides: Record<string, unknown> = {}) => ({
  from_account_id: c.checking,
  amount: 25,
  scheduled_date: '2031-03-12',
  is_recurring: true,
  recurring_frequency: 'monthly',
  ...overrides,
});

/** The customer's "Bill payment not made" notices, once the log has reached its read models. */
async function notMade(c: Customer): Promise<string[]> {
  await seeingTheLog(bank, [c]);
  const list = (await c.client.get('/api/notifications?type=bill_payment')).body.data
    .notifications as { title: string; message: string }[];
  return list.filter((n) => n.title === 'Bill payment not made').map((n) => n.message);
}

async function scheduleEvents(paymentId: string): Promise<string[]> {
  return (await bank.store.readStream(billPayStreams.schedule(paymentId))).map((e) => e.type);
}

describe('changing a scheduled bill payment', () => {
  it('changes amount and date: the answer and the upcoming list show the new plan', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();
    const response = await c.client.put(`/api/bill-payments/scheduled/${c.paymentId}`, edit(c));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      status: 'success',
      message: 'Scheduled payment updated',
      data: {
        payment: {
          id: c.paymentId,
          amount: 25,
          formatted_amount: '$25.00',
          next_payment_date: '2031-03-12',
          recurring_frequency: 'monthly',
          status: 'scheduled',
        },
      },
    });
    c.client.consistencyToken = response.headers['x-consistency-token'];
    expect(await upcoming(c.client)).toMatchObject([
      { payment_id: c.paymentId, scheduled_date: '2031-03-12', amount: 25 },
    ]);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'The minimum payment is $0.01.'],
    [{ amount: 10.005 }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: 50_000.01 }, 'amount', 'You have exceeded your daily transaction limit.'],
    [{ scheduled_date: '2031-02-30' }, 'scheduled_date', 'Please enter a valid date (YYYY-MM-DD).'],
    [
      { scheduled_date: '2031-02-27' },
      'scheduled_date',
      'The payment date cannot be earlier than today.',
    ],
    [
      { recurring_end_date: '2031-03-11' },
      'recurring_end_date',
      'The end date must be on or after the payment date.',
    ],
    [
      { recurring_frequency: '' },
      'recurring_frequency',
      'Please select how often the payment repeats.',
    ],
    [{ from_account_id: 'nope' }, 'from_account_id', 'Please select an account to pay from.'],
  ])('refuses %j with a field error and changes nothing', async (bad, field, message) => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();
    const before = await scheduleEvents(c.paymentId);
    const response = await c.client.put(
      `/api/bill-payments/scheduled/${c.paymentId}`,
      edit(c, bad),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await scheduleEvents(c.paymentId)).toEqual(before);
    expect(await upcoming(c.client)).toMatchObject([{ scheduled_date: '2031-03-10', amount: 10 }]);
  });

  it('holds a payee never paid to the new-payee limit, as scheduling does', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly(await customerWith(5_000));
    const response = await c.client.put(
      `/api/bill-payments/scheduled/${c.paymentId}`,
      edit(c, { amount: 2_500.01 }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.amount).toEqual([
      'The first payment to a new payee is limited to $2,500.00.',
    ]);
  });

  it('resolves concurrent edits one after the other: one upcoming payment, the last plan', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();
    const amounts = [11, 12, 13, 14, 15];
    const responses = await Promise.all(
      amounts.map((amount, i) =>
        c.client.put(
          `/api/bill-payments/scheduled/${c.paymentId}`,
          edit(c, { amount, scheduled_date: `2031-03-1${i + 1}` }),
        ),
      ),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const events = await scheduleEvents(c.paymentId);
    const applied = responses.filter((r) => r.status === 200).length;
    expect(events.filter((t) => t === 'BillPaymentScheduleChanged')).toHaveLength(applied);
    await expect.poll(async () => (await upcoming(c.client)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('cancelling a scheduled bill payment', () => {
  it('cancels: gone from upcoming, Cancelled in history; cancelling again changes nothing', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();
    const first = await c.client.delete(`/api/bill-payments/scheduled/${c.paymentId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Scheduled payment cancelled',
      data: { payment: { id: c.paymentId, status: 'cancelled', next_payment_date: null } },
    });
    const events = await scheduleEvents(c.paymentId);
    const second = await c.client.delete(`/api/bill-payments/scheduled/${c.paymentId}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await scheduleEvents(c.paymentId)).toEqual(events);
    c.client.consistencyToken = first.headers['x-consistency-token'];
    expect(await upcoming(c.client)).toEqual([]);
    expect(await billHistory(c.client)).toMatchObject([{ status: 'cancelled', amount: -10 }]);

    const changed = await c.client.put(`/api/bill-payments/scheduled/${c.paymentId}`, edit(c));
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(SCHEDULE_CANCELLED);
  });

  it("answers another customer's schedule exactly as an unknown one: 404", async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const owner = await scheduledMonthly();
    const thief = await customerWith(100);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [owner.paymentId, unknown]) {
      const put = await thief.client.put(`/api/bill-payments/scheduled/${id}`, edit(thief));
      const del = await thief.client.delete(`/api/bill-payments/scheduled/${id}`);
      expect([put.status, del.status]).toEqual([404, 404]);
      expect(put.body).toEqual(del.body);
    }
    expect(await upcoming(owner.client)).toMatchObject([{ scheduled_date: '2031-03-10' }]);
  });
});

describe('the occurrence jobs after a change or a cancel (real BullMQ, moved clock)', () => {
  it('pays nothing after a cancel, however the job comes', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly();
    await c.client.delete(`/api/bill-payments/scheduled/${c.paymentId}`);
    secondsBeforeMidnight('2031-03-10', -1);
    const run = await runScheduledOccurrence(bank.ctx, c.paymentId, '2031-03-10');
    expect(run.result).toBe('cancelled');
    await bank.jobs!.dispatchPending();
    const job = await bank.jobs!.queue.getJob(`bill-payment-${c.paymentId}-2031-03-10`);
    await job?.promote().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await balanceOf(c.client, c.checking)).toBe(100);
    expect(await upcoming(c.client)).toEqual([]);
  });

  it('records a date whose job gave up as not made, tells the customer once, and never pays it later', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly();
    const gaveUp = billPayJobModule.gaveUp(bank.ctx)[BILL_PAYMENT_JOB]!;
    const job = {} as Parameters<typeof gaveUp>[1];
    const occurrence = { paymentId: c.paymentId, date: '2031-03-10' };
    expect(await gaveUp(occurrence, job)).toEqual({ outcome: 'told' });
    expect(await gaveUp(occurrence, job)).toEqual({ outcome: 'not_due' });
    expect(await notMade(c)).toEqual([
      'Your scheduled payment of $10.00 to City Power & Light on Mar 10, 2031 could not be made. Nothing was taken from your account.',
    ]);
    // The customer was told nothing was taken: the job run again later (ops retrying it) pays
    // nothing, and the schedule waits for its next month.
    secondsBeforeMidnight('2031-03-10', -60);
    expect((await runScheduledOccurrence(bank.ctx, c.paymentId, '2031-03-10')).result).toBe('done');
    expect(await balanceOf(c.client, c.checking)).toBe(100);
    expect((await upcoming(c.client)).map((p) => p.scheduled_date)).toEqual(['2031-04-10']);
    expect(
      (await billHistory(c.client)).map((line) => [line.date.slice(0, 10), line.status]),
    ).toEqual([
      ['2031-04-10', 'scheduled'],
      ['2031-03-10', 'failed'],
    ]);
  });

  it('tells nothing when the job of a date gives up after a cancel', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly();
    await c.client.delete(`/api/bill-payments/scheduled/${c.paymentId}`);
    const gaveUp = billPayJobModule.gaveUp(bank.ctx)[BILL_PAYMENT_JOB]!;
    const job = {} as Parameters<typeof gaveUp>[1];
    expect(await gaveUp({ paymentId: c.paymentId, date: '2031-03-10' }, job)).toEqual({
      outcome: 'not_due',
    });
    expect(await notMade(c)).toEqual([]);
  });

  it('records an AutoPay date whose job gave up as not made, and goes on to the next month', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await customerWith(100);
    const added = await c.client.post('/api/bill-payments/payees', {
      name: 'Metro Water',
      category: 'utilities',
      account_number: '7700-1234-5555',
      autopay_enabled: true,
      autopay_day: 12,
      autopay_amount: 20,
      autopay_account_id: c.checking,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const payeeId = added.body.data.payee.id as string;
    const [first] = await upcoming(c.client);
    expect(first?.scheduled_date).toBe('2031-03-12');
    const gaveUp = billPayJobModule.gaveUp(bank.ctx)[AUTOPAY_JOB]!;
    const job = {} as Parameters<typeof gaveUp>[1];
    const occurrence = { customerId: c.user.id, payeeId, date: '2031-03-12' };
    expect(await gaveUp(occurrence, job)).toEqual({ outcome: 'told' });
    expect(await gaveUp(occurrence, job)).toEqual({ outcome: 'not_due' });
    expect(await notMade(c)).toEqual([
      'Your AutoPay payment of $20.00 to Metro Water on Mar 12, 2031 could not be made. Nothing was taken from your account.',
    ]);
    secondsBeforeMidnight('2031-03-12', -60);
    expect((await runAutopayOccurrence(bank.ctx, c.user.id, payeeId, '2031-03-12')).result).toBe(
      'done',
    );
    expect(await balanceOf(c.client, c.checking)).toBe(100);
  });

  it('after an edit pays the new date with the new amount and account, and never the old date', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly();
    await deposit(bank, c.accounts[1]!.account_number, 100);
    const response = await c.client.put(
      `/api/bill-payments/scheduled/${c.paymentId}`,
      edit(c, { from_account_id: c.savings, amount: 30, scheduled_date: '2031-03-11' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await bank.jobs!.dispatchPending();

    // The job of the date the payment left fires: nothing is paid.
    secondsBeforeMidnight('2031-03-10', -1);
    const old = await bank.jobs!.queue.getJob(`bill-payment-${c.paymentId}-2031-03-10`);
    expect(old).toBeDefined();
    await old!.promote();
    await expect
      .poll(
        async () =>
          (await bank.jobs!.queue.getJob(`bill-payment-${c.paymentId}-2031-03-10`))?.returnvalue,
        { timeout: 10_000, interval: 250 },
      )
      .toEqual({ outcome: 'not_due' });
    expect(await balanceOf(c.client, c.checking)).toBe(100);

    // The new date's job pays the new plan, once.
    secondsBeforeMidnight('2031-03-11', -1);
    const delayed = await bank.jobs!.queue.getDelayed();
    const next = delayed.find(
      (j) => j.data.paymentId === c.paymentId && j.data.date === '2031-03-11',
    );
    expect(next).toBeDefined();
    await next!.promote();
    await expect
      .poll(() => balanceOf(c.client, c.savings), { timeout: 10_000, interval: 250 })
      .toBe(70);
    expect(await balanceOf(c.client, c.checking)).toBe(100);
    const again = await runScheduledOccurrence(bank.ctx, c.paymentId, '2031-03-11');
    expect(again.result).toBe('done');
    const oldAgain = await runScheduledOccurrence(bank.ctx, c.paymentId, '2031-03-10');
    expect(oldAgain.result).toBe('not_due');
    expect(await balanceOf(c.client, c.savings)).toBe(70);
    // The next month follows the new plan: the 11th, $30.
    await expect
      .poll(async () => (await upcoming(c.client)).map((p) => [p.scheduled_date, p.amount]), {
        timeout: 10_000,
      })
      .toEqual([['2031-04-11', 30]]);
  });

  it('never pays two effects when a cancel races the occurrence job', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly();
    secondsBeforeMidnight('2031-03-10', -1);
    const [cancelled, run] = await Promise.all([
      c.client.delete(`/api/bill-payments/scheduled/${c.paymentId}`),
      runScheduledOccurrence(bank.ctx, c.paymentId, '2031-03-10'),
    ]);
    expect(cancelled.status).toBe(200);
    const balance = await balanceOf(c.client, c.checking);
    expect(balance).toBe(run.result === 'paid' ? 90 : 100);
    const late = await runScheduledOccurrence(bank.ctx, c.paymentId, '2031-04-10');
    expect(late.result).toBe('cancelled');
    expect(await balanceOf(c.client, c.checking)).toBe(balance);
  });
});

describe('a scheduled payment refused for good', () => {
  it('stops at its first failure when its account is closed: told once, stopped in history (not upcoming), never run again', async () => {
    secondsBeforeMidnight('2031-03-10', 30);
    const c = await scheduledMonthly(undefined, 'savings');
    const { paymentId } = c;
    // The savings account (empty) closed as its owner's erasure closes it.
    await closeAccountAsErased(bank, c.savings);

    // The job of the day: the refusal is recorded at once (an outcome, not an error the job
    // would retry all day), and it ends the schedule.
    secondsBeforeMidnight('2031-03-10', -60);
    const run = billPayJobModule.processors(bank.ctx)[BILL_PAYMENT_JOB]!;
    const job = {} as Parameters<typeof run>[1];
    expect(await run({ paymentId, date: '2031-03-10' }, job)).toEqual({ outcome: 'stopped' });
    const failed = await bank.store.readStream(
      billPayStreams.occurrence('scheduled', paymentId, '2031-03-10'),
    );
    expect(failed.map((e) => [e.type, e.event.data])).toMatchObject([
      ['BillPaymentFailed', { reason: 'account_closed', nextDate: null, stopped: true }],
    ]);

    const notices = () => billPayNotices(bank, c);
    expect(await notices()).toEqual([
      expect.objectContaining({
        title: 'Repeating bill payment stopped',
        message:
          'Your $10.00 payment to City Power & Light due Mar 10, 2031 failed: your High Yield Savings is closed. Nothing was taken from your account. This repeating payment has been stopped; schedule a new one if you still need it.',
        priority: 'high',
      }),
    ]);
    // Nothing of it is to come any more: it leaves Upcoming Payments (the customer was told, and
    // the history shows it stopped on the date it failed).
    expect(await upcoming(c.client)).toEqual([]);
    expect(
      (await billHistory(c.client)).map((line) => [line.date.slice(0, 10), line.status]),
    ).toEqual([['2031-03-10', 'stopped']]);

    // No job for the next month, and a run of it (or of the day again) does nothing.
    await bank.jobs!.dispatchPending();
    expect(await bank.jobs!.queue.getJob(`bill-payment-${paymentId}-2031-04-10`)).toBeUndefined();
    secondsBeforeMidnight('2031-04-10', -60);
    expect((await runScheduledOccurrence(bank.ctx, paymentId, '2031-04-10')).result).toBe(
      'not_due',
    );
    expect((await runScheduledOccurrence(bank.ctx, paymentId, '2031-03-10')).result).toBe('done');
    expect(await notices()).toHaveLength(1);
    expect(await balanceOf(c.client, c.checking)).toBe(100);
    // It has ended: nothing is left to change or cancel.
    const cancel = await c.client.delete(`/api/bill-payments/scheduled/${paymentId}`);
    expect(cancel.status).toBe(422);
    expect(cancel.body.message).toBe(SCHEDULE_STOPPED);
  });
});

describe('a payment that matches one already scheduled', () => {
  const monthly = (c: Awaited<ReturnType<typeof scheduledMonthly>>, more = {}) => ({
    payee_id: c.payeeId,
    from_account_id: c.checking,
    amount: 10,
    scheduled_date: '2031-04-02',
    is_recurring: true,
    recurring_frequency: 'monthly',
    ...more,
  });
  const key = (k: string) => ({ 'Idempotency-Key': k });

  it('asks before a second repeating payment as often or a payment on a date it pays: 409, then made once confirmed', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();

    // Another monthly $10 to the same payee, whatever its day: not made until confirmed.
    const again = await c.client.post('/api/bill-payments/schedule', monthly(c), key('dup-1'));
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
      message:
        'This payment appears to be a duplicate: $10.00 to City Power & Light already repeats monthly, next on Mar 10, 2031.',
    });
    // A one-off on a date the schedule pays, from any account.
    const sameDay = monthly(c, {
      scheduled_date: '2031-05-10',
      is_recurring: false,
      from_account_id: c.savings,
    });
    const once = await c.client.post('/api/bill-payments/schedule', sameDay, key('dup-2'));
    expect(once.status).toBe(409);
    expect(once.body.message).toBe(
      'This payment appears to be a duplicate: $10.00 to City Power & Light is already scheduled on May 10, 2031.',
    );
    expect((await upcoming(c.client)).map((u) => u.payment_id)).toEqual([c.paymentId]);

    // Another amount, another frequency that never pays on its dates (yearly on the 2nd), or a
    // date it does not pay is no duplicate. A weekly one would: it reaches the 10th in September.
    for (const [k, other] of [
      ['other-1', monthly(c, { amount: 11 })],
      ['other-2', monthly(c, { recurring_frequency: 'yearly' })],
      ['other-3', monthly(c, { is_recurring: false, scheduled_date: '2031-05-11' })],
    ] as const) {
      const made = await c.client.post('/api/bill-payments/schedule', other, key(k));
      expect(made.status, `${k}: ${JSON.stringify(made.body)}`).toBe(201);
    }

    // Confirmed (with the same key: the refusal recorded nothing under it), it is made.
    const confirmed = monthly(c, { confirm_duplicate: true });
    const made = await c.client.post('/api/bill-payments/schedule', confirmed, key('dup-1'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const secondId = made.body.data.payment.id as string;
    // Sent again with its key, it is the same request, answered the same: not a duplicate.
    const retried = await c.client.post('/api/bill-payments/schedule', confirmed, key('dup-1'));
    expect(retried.status).toBe(201);
    expect(retried.body.data.payment.id).toBe(secondId);
  });

  it('takes the request sent again with its key for the same one, and a schedule cancelled for no match', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await customerWith(100);
    const payeeId = (
      await c.client.post('/api/bill-payments/payees', {
        name: 'City Power & Light',
        category: 'utilities',
        account_number: '5500-1234-9876',
      })
    ).body.data.payee.id as string;
    const body = monthly({ ...c, payeeId, paymentId: '' });
    const first = await c.client.post('/api/bill-payments/schedule', body, key('first'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retried = await c.client.post('/api/bill-payments/schedule', body, key('first'));
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.body.data.payment.id).toBe(first.body.data.payment.id);

    const paymentId = first.body.data.payment.id as string;
    expect((await c.client.delete(`/api/bill-payments/scheduled/${paymentId}`)).status).toBe(200);
    const anew = await c.client.post('/api/bill-payments/schedule', body, key('anew'));
    expect(anew.status, JSON.stringify(anew.body)).toBe(201);
  });
});

describe('a payment that repeats an AutoPay, a payment made today or a later one-off', () => {
  const key = (k: string) => ({ 'Idempotency-Key': k });
  async function harborWater(c: Customer, autopay: Record<string, unknown> = {}) {
    const added = await c.client.post('/api/bill-payments/payees', {
      name: 'Harbor Water',
      category: 'utilities',
      account_number: '7700-5555-0101',
      ...autopay,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.data.payee.id as string;
  }
  const payment = (c: Customer, payeeId: string, more: Record<string, unknown>) => ({
    payee_id: payeeId,
    from_account_id: c.checking,
    ...more,
  });
  /** Sends a payment and expects it asked about (409), in these words. */
  async function asked(c: Customer, body: object, k: string, words: string) {
    const answer = await c.client.post('/api/bill-payments/schedule', body, key(k));
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
      message: `This payment appears to be a duplicate: ${words}.`,
    });
  }
  const monthlyFrom = (c: Customer, payeeId: string, amount: number, date: string) =>
    payment(c, payeeId, {
      amount,
      scheduled_date: date,
      is_recurring: true,
      recurring_frequency: 'monthly',
    });

  it("asks before a payment the payee's AutoPay already makes: monthly of its amount, or on its day", async () => {
    secondsBeforeMidnight('2027-01-01', 3600);
    const c = await customerWith(100);
    const payeeId = await harborWater(c, {
      autopay_enabled: true,
      autopay_day: 10,
      autopay_amount: 55,
    });
    const monthly = monthlyFrom(c, payeeId, 55, '2027-01-10');
    await asked(
      c,
      monthly,
      'ap-1',
      'AutoPay already pays $55.00 to Harbor Water monthly, next on Jan 10, 2027',
    );
    const onItsDay = payment(c, payeeId, { amount: 55, scheduled_date: '2027-02-10' });
    await asked(c, onItsDay, 'ap-2', 'AutoPay already pays $55.00 to Harbor Water on Feb 10, 2027');
    const otherDay = payment(c, payeeId, { amount: 55, scheduled_date: '2027-02-11' });
    expect((await c.client.post('/api/bill-payments/schedule', otherDay, key('ap-3'))).status).toBe(
      201,
    );
    const confirmed = { ...monthly, confirm_duplicate: true };
    const made = await c.client.post('/api/bill-payments/schedule', confirmed, key('ap-1'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it('says so when AutoPay turned on repeats a monthly payment already scheduled', async () => {
    secondsBeforeMidnight('2027-01-01', 3600);
    const c = await customerWith(100);
    const payeeId = await harborWater(c);
    const monthly = monthlyFrom(c, payeeId, 55, '2027-01-20');
    expect((await c.client.post('/api/bill-payments/schedule', monthly, key('m-1'))).status).toBe(
      201,
    );
    const turnOn = (amount: number, k: string) =>
      c.client.put(
        `/api/bill-payments/payees/${payeeId}/autopay`,
        { autopay_enabled: true, autopay_day: 10, autopay_amount: amount },
        key(k),
      );
    const other = await turnOn(54, 'on-1');
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.message).toBe('AutoPay updated successfully!');
    const same = await turnOn(55, 'on-2');
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.message).toBe(
      'AutoPay updated successfully! This payment appears to be a duplicate: $55.00 to Harbor Water already repeats monthly, next on Jan 20, 2027. Cancel it in Upcoming Payments if AutoPay replaces it.',
    );
  });

  it('asks before paying a payee today what was already paid them today, one of two sent at once', async () => {
    secondsBeforeMidnight('2031-03-01', 3600);
    const c = await customerWith(100);
    const payeeId = await harborWater(c);
    const now = payment(c, payeeId, { amount: 12.34 });
    const first = await c.client.post('/api/bill-payments/schedule', now, key('now-1'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await asked(c, now, 'now-2', '$12.34 to Harbor Water was already paid today');
    // From the other account too; another amount, or a later date, is no duplicate.
    const savings = { ...now, from_account_id: c.savings };
    expect((await c.client.post('/api/bill-payments/schedule', savings, key('now-3'))).status).toBe(
      409,
    );
    const other = { ...now, amount: 12.35 };
    expect((await c.client.post('/api/bill-payments/schedule', other, key('now-4'))).status).toBe(
      201,
    );
    const later = { ...now, scheduled_date: '2031-03-02' };
    expect((await c.client.post('/api/bill-payments/schedule', later, key('now-5'))).status).toBe(
      201,
    );
    const confirmed = { ...now, confirm_duplicate: true };
    const made = await c.client.post('/api/bill-payments/schedule', confirmed, key('now-2'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await balanceOf(c.client, c.checking)).toBeCloseTo(62.97, 2);

    // Two identical payments sent at once: one is made, the other asked about.
    const raced = { ...now, amount: 7 };
    const both = await Promise.all(
      ['race-1', 'race-2'].map((k) => c.client.post('/api/bill-payments/schedule', raced, key(k))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('asks before a repeating payment that later reaches a one-off already scheduled, within its end', async () => {
    secondsBeforeMidnight('2027-01-01', 3600);
    const c = await customerWith(100);
    const payeeId = await harborWater(c);
    const oneOff = payment(c, payeeId, { amount: 99, scheduled_date: '2027-06-15' });
    expect((await c.client.post('/api/bill-payments/schedule', oneOff, key('o-1'))).status).toBe(
      201,
    );
    const monthly = monthlyFrom(c, payeeId, 99, '2027-01-15');
    await asked(c, monthly, 'o-2', '$99.00 to Harbor Water is already scheduled on Jun 15, 2027');
    const ending = { ...monthly, recurring_end_date: '2027-05-31' };
    expect((await c.client.post('/api/bill-payments/schedule', ending, key('o-3'))).status).toBe(
      201,
    );
  });

  it('asks before an edit that makes a scheduled payment repeat another, and makes it once confirmed', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const c = await scheduledMonthly();
    const oneOff = payment(c, c.payeeId, { amount: 20, scheduled_date: '2031-05-10' });
    const made = await c.client.post('/api/bill-payments/schedule', oneOff, key('e-1'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.payment.id as string;
    const change = { from_account_id: c.checking, amount: 10, scheduled_date: '2031-05-10' };
    const asked = await c.client.put(`/api/bill-payments/scheduled/${id}`, change);
    expect(asked.status, JSON.stringify(asked.body)).toBe(409);
    expect(asked.body).toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
      message:
        'This payment appears to be a duplicate: $10.00 to City Power & Light is already scheduled on May 10, 2031.',
    });
    expect((await upcoming(c.client)).find((u) => u.payment_id === id)?.amount).toBe(20);
    // The monthly one edited in itself is no duplicate of itself.
    const own = edit(c, { amount: 10, scheduled_date: '2031-03-10' });
    const kept = await c.client.put(`/api/bill-payments/scheduled/${c.paymentId}`, own);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const confirmed = { ...change, confirm_duplicate: true };
    const changed = await c.client.put(`/api/bill-payments/scheduled/${id}`, confirmed);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.payment.amount).toBe(10);
  });

  it('of two edits by two processes at once that would make two payments one, one is asked about', async () => {
    secondsBeforeMidnight('2031-03-01', 3600);
    const c = await customerWith(100);
    const payeeId = await harborWater(c);
    const ids: string[] = [];
    for (const [amount, date] of [
      [60, '2031-05-12'],
      [70, '2031-05-14'],
    ] as const) {
      const made = await c.client.post(
        '/api/bill-payments/schedule',
        payment(c, payeeId, { amount, scheduled_date: date }),
        key(`two-${amount}`),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.data.payment.id as string);
    }
    // Two buses with state caches of their own and no in-process queue, as two API processes
    // have: each edit alone repeats nothing, but both make $55.00 on May 10.
    const processes = [0, 1].map(() => ({ ...bank.ctx, bus: createCommandBus(bank.store) }));
    const plan = {
      fromAccountId: c.checking,
      amountCents: 55_00,
      startDate: '2031-05-10',
      recurrence: null,
    };
    const outcomes = await Promise.all(
      ids.map((id, i) =>
        changeScheduledPayment(processes[i]!, c.user.id, id, plan, { actor: 'test' }).then(
          () => 'changed',
          (error: unknown) => (error as Error).message,
        ),
      ),
    );
    expect(outcomes.sort()).toEqual([
      'This payment appears to be a duplicate: $55.00 to Harbor Water is already scheduled on May 10, 2031.',
      'changed',
    ]);
  });
});

describe('how many scheduled bill payments a customer may have', () => {
  const TOO_MANY =
    'You can have up to 100 scheduled payments. Cancel one you no longer need to schedule another.';
  const addPayee = async (c: Customer, name: string, accountNumber: string) =>
    (
      await c.client.post('/api/bill-payments/payees', {
        name,
        category: 'utilities',
        account_number: accountNumber,
      })
    ).body.data.payee.id as string;

  it('holds a customer to 100 that can still run, however many are sent at once, and counts what ended in any way as ended', async () => {
    const c = await customerWith(100);
    const power = await addPayee(c, 'City Power & Light', '5500-1234-9876');
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const plan = (payeeId: string, cents: number) =>
      c.client.post('/api/bill-payments/schedule', {
        payee_id: payeeId,
        from_account_id: c.checking,
        amount: cents / 100,
        scheduled_date: inAMonth,
        is_recurring: true,
        recurring_frequency: 'monthly',
      });
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const made = await plan(power, 1_00 + i);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.data.payment.id as string);
    }
    const refused = await plan(power, 5_00);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(TOO_MANY);

    // Two cancelled, then five sent at once: two are scheduled.
    for (const id of ids.slice(0, 2)) {
      expect((await c.client.delete(`/api/bill-payments/scheduled/${id}`)).status).toBe(200);
    }
    const raced = await Promise.all(
      [5_01, 5_02, 5_03, 5_04, 5_05].map((cents) => plan(power, cents)),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422]);

    // A payee removed ends every payment to it, though no schedule is told: they leave room.
    const water = await addPayee(c, 'Casco Bay Water District', '7700-5555-0101');
    expect((await plan(water, 6_00)).status).toBe(422);
    expect((await c.client.delete(`/api/bill-payments/payees/${power}`)).status).toBe(200);
    expect((await plan(water, 6_01)).status).toBe(201);

    // A payment made today alone is not a schedule left to run.
    const now = await c.client.post('/api/bill-payments/schedule', {
      payee_id: water,
      from_account_id: c.checking,
      amount: 1,
    });
    expect(now.status, JSON.stringify(now.body)).toBe(201);
  });
});
