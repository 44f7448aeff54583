import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@bank/events';
import { knownDestination, type TestBank } from '@bank/server/testing';
import { startOfBankDate } from '../domain/bill-pay/calendar.ts';
import { moneyJobModule } from '../jobs/money-jobs.ts';
import { SCHEDULED_TRANSFER_JOB } from '../jobs/scheduled-transfer-jobs.ts';
import { decideNewSchedule } from '../domain/transfers/schedule.ts';
import {
  runScheduledTransfer,
  scheduleClock,
  scheduleStream,
} from '../services/scheduled-transfers.ts';
import {
  balances as balancesNow,
  customer,
  expectScheduleStopped,
  ledger,
  scheduledJob,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/**
 * Scheduled and recurring transfers through the API, with their runs called as the job calls
 * them. The clock of scheduling is set years ahead, so the queued jobs stay far in the future and
 * each run here is the test's own call (one test lets a job run by itself).
 */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});
afterEach(() => {
  scheduleClock.now = () => new Date();
});

/**
 * Makes the customer's next read wait for the read models to show everything in the log, runs
 * made by the server included (not through the client, so it holds no token for them). Catching
 * up alone can stop short of a run whose commit an unrelated open transaction still hides.
 */
async function seeingTheLog(c: Customer): Promise<void> {
  await bank.runner.catchUp();
  const { rows } = await bank.ownerPool.query<{ head: string }>(
    `SELECT transaction_id::text || '.' || global_position::text AS head FROM events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  c.client.consistencyToken = rows[0]!.head;
}

/** Balances once the projections show the runs. */
async function balances(c: Customer, accountId: string) {
  await seeingTheLog(c);
  return balancesNow(c, accountId);
}

const FUTURE_NOW = new Date('2031-01-10T17:00:00Z');
const NEW_ACCOUNT =
  'Transfers to a new account are limited to $1,000.00 each until 3 days after you first save it or send it money.';

interface ScheduleView {
  id: string;
  status: string;
  amount: number;
  next_date: string | null;
  runs: number;
  frequency: string | null;
  last_run: {
    status: string;
    reference_number: string | null;
    failure_reason: string | null;
  } | null;
}

function schedule(c: Customer, body: Record<string, unknown>, headers = {}) {
  return c.client.post(
    '/api/transfers/scheduled',
    { type: 'between-accounts', fromAccount: c.checking.id, toAccount: c.savings.id, ...body },
    headers,
  );
}

async function scheduled(c: Customer): Promise<ScheduleView[]> {
  await seeingTheLog(c);
  const response = await c.client.get('/api/transfers/scheduled');
  expect(response.status).toBe(200);
  return response.body.data.scheduled_transfers as ScheduleView[];
}

async function notes(c: Customer) {
  await seeingTheLog(c);
  return (await c.client.get('/api/notifications?type=transfer')).body.data.notifications as {
    title: string;
    message: string;
  }[];
}

describe('scheduled transfers', () => {
  it('runs a monthly transfer once per occurrence, even when its job fires twice or races', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Monthly Saver', 1_000);
    const created = await schedule(c, {
      amount: 100,
      memo: 'rainy day',
      transferDate: '2031-01-31',
      frequency: 'monthly',
      endCount: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.scheduled_transfer.id as string;
    expect(created.body.data.scheduled_transfer).toMatchObject({
      status: 'active',
      next_date: '2031-01-31',
      frequency: 'monthly',
      frequency_label: 'Every month',
    });
    // Nothing moves when it is scheduled.
    expect(await balances(c, c.checking.id)).toEqual({ balance: 1_000, available: 1_000 });

    expect(await runScheduledTransfer(bank.ctx, id, '2031-01-31')).toBe('ran');
    expect(await runScheduledTransfer(bank.ctx, id, '2031-01-31')).toBe('not_due');
    // Month end: the 31st becomes the 28th in February; two workers race for it.
    const raced = await Promise.all([
      runScheduledTransfer(bank.ctx, id, '2031-02-28'),
      runScheduledTransfer(bank.ctx, id, '2031-02-28'),
    ]);
    expect(raced.sort()).toEqual(['not_due', 'ran']);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 800, available: 800 });
    expect(await balances(c, c.savings.id)).toEqual({ balance: 200, available: 200 });

    const [view] = await scheduled(c);
    expect(view).toMatchObject({ id, status: 'active', runs: 2, next_date: '2031-03-31' });
    expect(view!.last_run).toMatchObject({ status: 'completed', failure_reason: null });
    expect(view!.last_run!.reference_number).toMatch(/^TRF/);
    // The receipt is found by the reference number, as a confirmation screen links to it.
    const receipt = await c.client.get(`/api/transactions/${view!.last_run!.reference_number}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.receipt.reference_number).toBe(view!.last_run!.reference_number);
    expect(receipt.body.data.transaction.account_id).toBe(c.checking.id);

    expect(await runScheduledTransfer(bank.ctx, id, '2031-03-31')).toBe('ran');
    const [done] = await scheduled(c);
    expect(done).toMatchObject({ status: 'completed', runs: 3, next_date: null });
    expect((await notes(c)).filter((n) => n.title === 'Scheduled transfer sent')).toHaveLength(3);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it("runs on its day whatever Idempotency-Key the customer's own requests carried", async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Key Picker', 500);
    const created = await schedule(c, { amount: 100, transferDate: '2031-01-31' });
    expect(created.status).toBe(201);
    const id = created.body.data.scheduled_transfer.id as string;
    // The run's own key, sent by the customer on a transfer made by hand.
    const byHand = await c.client.post(
      '/api/transfers/between-accounts',
      { fromAccount: c.checking.id, toAccount: c.savings.id, amount: 25 },
      { 'Idempotency-Key': `scheduled:${id}:2031-01-31` },
    );
    expect(byHand.status).toBe(201);

    expect(await runScheduledTransfer(bank.ctx, id, '2031-01-31')).toBe('ran');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 375, available: 375 });
    const [view] = await scheduled(c);
    expect(view).toMatchObject({ id, status: 'completed', runs: 1 });
    expect(view!.last_run).toMatchObject({ status: 'completed', failure_reason: null });
  });

  it('fails a run without funds, tells the customer, and goes on to the next date', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Short Of Funds', 50);
    const created = await schedule(c, {
      amount: 80,
      transferDate: '2031-02-01',
      frequency: 'weekly',
      endDate: '2031-02-15',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.scheduled_transfer.id as string;
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-01')).toBe('failed');
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-01')).toBe('not_due');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 50, available: 50 });
    const [view] = await scheduled(c);
    expect(view).toMatchObject({ status: 'active', runs: 1, next_date: '2031-02-08' });
    expect(view!.last_run).toMatchObject({
      status: 'failed',
      failure_reason: 'Insufficient funds',
    });
    const failed = (await notes(c)).find((n) => n.title === 'Scheduled transfer failed');
    expect(failed?.message).toContain('due Feb 1, 2031 failed: Insufficient funds');
    expect(failed?.message).toContain('Nothing was taken from your account');
  });

  it("stops a monthly external transfer whose account is no longer the customer's, at its first run", async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Account Gone', 500);
    const other = await customer(bank, 'Account Gone Other', 500);
    // No account is closed through the API yet: a schedule in the log that names an account
    // which is not (or no longer) the customer's stands in for one whose account closed since.
    const id = randomUUID();
    await bank.ctx.bus.execute({ actor: 'test' }, async (uow) => {
      uow.appendNew(
        scheduleStream(id),
        decideNewSchedule(
          {
            customerId: c.id,
            scheduleId: id,
            destination: {
              type: 'external-bank',
              recipientName: 'Dana Whitfield',
              bankName: 'First Lakeside Bank',
              accountEncrypted: bank.ctx.secrets.encrypt('123456789'),
              accountLast4: '6789',
              routingNumber: '021000021',
            },
            fromAccountId: other.checking.id,
            amountCents: 50_00,
            memo: '',
            startDate: '2031-02-03',
            recurrence: { frequency: 'monthly', endDate: null, count: null },
          },
          '2031-01-10',
        ),
      );
    });
    expect(await scheduledJob(bank, id, '2031-02-03')).toBeDefined();

    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-03')).toBe('failed');
    await expectScheduleStopped(bank, c, {
      id,
      date: '2031-02-03',
      skipped: '2031-03-03',
      reason: 'The account is no longer available.',
      notice:
        'Your scheduled transfer of $50.00 due Feb 3, 2031 failed: The account is no longer available. Nothing was taken from your account. This repeating transfer has been stopped; set up a new one if you still need it.',
    });
    expect(await balances(other, other.checking.id)).toEqual({ balance: 500, available: 500 });
  });

  it('records a date whose job gave up as not made, tells the customer once, and never makes it later', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Given Up On', 500);
    const created = await schedule(c, {
      amount: 80,
      transferDate: '2031-02-01',
      frequency: 'weekly',
      endDate: '2031-02-15',
    });
    const id = created.body.data.scheduled_transfer.id as string;
    const gaveUp = moneyJobModule.gaveUp(bank.ctx)[SCHEDULED_TRANSFER_JOB]!;
    // Two jobs may give up on one date (an edit's job and the first one's, say).
    const job = {} as Parameters<typeof gaveUp>[1];
    expect(await gaveUp({ scheduleId: id, date: '2031-02-01' }, job)).toEqual({ outcome: 'told' });
    expect(await gaveUp({ scheduleId: id, date: '2031-02-01' }, job)).toEqual({
      outcome: 'not_due',
    });
    const notMade = (await notes(c)).filter((n) => n.title === 'Scheduled transfer not made');
    expect(notMade.map((n) => n.message)).toEqual([
      'Your scheduled transfer of $80.00 to your High Yield Savings on Feb 1, 2031 could not be made. Nothing was taken from your account.',
    ]);
    // The customer was told nothing was taken: a run of that date's job later (ops retrying the
    // failed job) takes nothing, and the schedule goes on to its next date.
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-01')).toBe('not_due');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 500 });
    const [view] = await scheduled(c);
    expect(view).toMatchObject({ status: 'active', runs: 1, next_date: '2031-02-08' });
    expect(view!.last_run).toMatchObject({
      status: 'failed',
      failure_reason: 'It could not be made on its date.',
    });
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-08')).toBe('ran');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 420, available: 420 });
  });

  it('tells nothing when the job of a date gives up after that date ran', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Ran Anyway', 500);
    const created = await schedule(c, { amount: 80, transferDate: '2031-02-01' });
    const id = created.body.data.scheduled_transfer.id as string;
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-01')).toBe('ran');
    const gaveUp = moneyJobModule.gaveUp(bank.ctx)[SCHEDULED_TRANSFER_JOB]!;
    const job = {} as Parameters<typeof gaveUp>[1];
    expect(await gaveUp({ scheduleId: id, date: '2031-02-01' }, job)).toEqual({
      outcome: 'not_due',
    });
    expect((await notes(c)).filter((n) => n.title === 'Scheduled transfer not made')).toEqual([]);
  });

  it('checks the daily limit on the day it runs', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Big External', 20_000);
    // Accounts the customer has paid for long: only the channel's daily limit is in play.
    await knownDestination(bank, c.id, { routingNumber: '021000021', accountNumber: '123456789' });
    await knownDestination(bank, c.id, { routingNumber: '021000021', accountNumber: '99887766' });
    const created = await schedule(c, {
      type: 'external-bank',
      amount: 4_000,
      transferDate: '2031-03-03',
      recipientName: 'Pat Doe',
      bankName: 'Other Bank',
      accountNumber: '123456789',
      routingNumber: '021000021',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The same day, by hand, $2,000 to another bank: the $4,000 no longer fits the $5,000 a day.
    const byHand = await c.client.post('/api/transfers/external-bank', {
      fromAccount: c.checking.id,
      amount: 2_000,
      recipientName: 'Sam Roe',
      bankName: 'Third Bank',
      accountNumber: '99887766',
      routingNumber: '021000021',
    });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    const id = created.body.data.scheduled_transfer.id as string;
    expect(await runScheduledTransfer(bank.ctx, id, '2031-03-03')).toBe('failed');
    const [view] = await scheduled(c);
    expect(view).toMatchObject({ status: 'completed', runs: 1, next_date: null });
    expect(view!.last_run!.failure_reason).toBe('You have exceeded your daily transaction limit.');
  });

  it('holds a new account to $1,000 per transfer when scheduled and on the day it runs', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'New Payee Planner', 5_000);
    const toTyped = (amount: number) =>
      schedule(c, {
        type: 'external-bank',
        amount,
        transferDate: '2031-02-03',
        recipientName: 'Pat Doe',
        bankName: 'Other Bank',
        accountNumber: '44556677',
        routingNumber: '021000021',
      });
    const refusedAsNew = (response: { status: number; body: Record<string, unknown> }) => {
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body).toMatchObject({ errors: { amount: [NEW_ACCOUNT] } });
    };
    // Typed in and never paid: it would still be new on its day.
    refusedAsNew(await toTyped(1_500));
    const small = await toTyped(900);
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    const smallId = small.body.data.scheduled_transfer.id as string;
    refusedAsNew(
      await c.client.put(`/api/transfers/scheduled/${smallId}`, {
        fromAccount: c.checking.id,
        amount: 1_500,
        transferDate: '2031-02-03',
      }),
    );
    // Saved now, it is known long before its day.
    const saved = await c.client.post('/api/transfers/recipients', {
      type: 'external-bank',
      nickname: 'Pat',
      recipientName: 'Pat Doe',
      bankName: 'Other Bank',
      accountNumber: '44556677',
      routingNumber: '021000021',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const big = await toTyped(1_500);
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    // Deleted from the address book again before it ran, and never paid: the run is refused.
    const recipientId = saved.body.data.recipient.id as string;
    expect((await c.client.delete(`/api/transfers/recipients/${recipientId}`)).status).toBe(200);
    const bigId = big.body.data.scheduled_transfer.id as string;
    expect(await runScheduledTransfer(bank.ctx, bigId, '2031-02-03')).toBe('failed');
    const views = await scheduled(c);
    expect(views.find((v) => v.id === bigId)!.last_run!.failure_reason).toBe(NEW_ACCOUNT);
    // The $900 run pays it, and records the first payment to it.
    expect(await runScheduledTransfer(bank.ctx, smallId, '2031-02-03')).toBe('ran');
    const log = await bank.store.readStream(streams.savedRecipients(c.id));
    expect(log.filter((e) => e.type === 'DestinationFirstPaid')).toHaveLength(1);
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 5_000 - 900 - 3 });
  });

  it('edits and cancels a schedule; a job for an old date does nothing', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Plan Changer', 1_000);
    const created = await schedule(c, {
      amount: 10,
      transferDate: '2031-01-20',
      frequency: 'weekly',
    });
    expect(created.body.message).toBe('Transfer scheduled for Jan 20, 2031');
    const id = created.body.data.scheduled_transfer.id as string;
    const edited = await c.client.put(`/api/transfers/scheduled/${id}`, {
      fromAccount: c.checking.id,
      amount: 25,
      transferDate: '2031-01-22',
      frequency: 'biweekly',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.scheduled_transfer).toMatchObject({
      amount: 25,
      next_date: '2031-01-22',
    });
    expect(await runScheduledTransfer(bank.ctx, id, '2031-01-20')).toBe('not_due');
    expect(await runScheduledTransfer(bank.ctx, id, '2031-01-22')).toBe('ran');
    expect(await balances(c, c.savings.id)).toEqual({ balance: 25, available: 25 });

    // Back onto the date that already ran: its job is done, so the plan would wait for ever.
    scheduleClock.now = () => new Date('2031-01-22T17:00:00Z');
    const back = await c.client.put(`/api/transfers/scheduled/${id}`, {
      fromAccount: c.checking.id,
      amount: 30,
      transferDate: '2031-01-22',
      frequency: 'weekly',
    });
    expect(back.status).toBe(422);
    expect(back.body.errors.transferDate).toEqual([
      'A transfer of this schedule already ran on or after that date; please choose a later date.',
    ]);
    expect((await scheduled(c))[0]).toMatchObject({ amount: 25, next_date: '2031-02-05' });
    scheduleClock.now = () => FUTURE_NOW;

    const cancelled = await c.client.delete(`/api/transfers/scheduled/${id}`);
    expect(cancelled.status).toBe(200);
    expect(await runScheduledTransfer(bank.ctx, id, '2031-02-05')).toBe('not_due');
    expect((await scheduled(c))[0]).toMatchObject({ status: 'cancelled', next_date: null });
    // A second cancel (a retry, a second tab) answers the same and records nothing.
    const events = async () => (await bank.store.readStream(scheduleStream(id))).length;
    const recorded = await events();
    const again = await c.client.delete(`/api/transfers/scheduled/${id}`);
    expect(again.status).toBe(200);
    expect(await events()).toBe(recorded);
    expect(await balances(c, c.savings.id)).toEqual({ balance: 25, available: 25 });
  });

  it("runs a schedule moved back onto today after that day's job found nothing due", async () => {
    const noonOf = (date: string) => new Date(startOfBankDate(date).getTime() + 12 * 3_600_000);
    scheduleClock.now = () => noonOf('2031-04-09');
    const c = await customer(bank, 'Mind Changer', 500);
    const plan = (transferDate: string) => ({
      fromAccount: c.checking.id,
      amount: 40,
      transferDate,
      frequency: 'weekly',
    });
    const created = await schedule(c, plan('2031-04-10'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.scheduled_transfer.id as string;
    const moved = await c.client.put(`/api/transfers/scheduled/${id}`, plan('2031-04-11'));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await bank.jobs!.dispatchPending();

    // The 10th comes: its job finds the schedule waiting for the 11th.
    const jobId = `scheduled-transfer-${id}-2031-04-10`;
    await (await bank.jobs!.queue.getJob(jobId))!.promote();
    await expect
      .poll(async () => (await bank.jobs!.queue.getJob(jobId))?.returnvalue, {
        timeout: 10_000,
        interval: 200,
      })
      .toEqual({ outcome: 'not_due' });

    // That morning the customer moves it back to today: it must still run today.
    scheduleClock.now = () => noonOf('2031-04-10');
    const back = await c.client.put(`/api/transfers/scheduled/${id}`, plan('2031-04-10'));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await bank.jobs!.dispatchPending();
    await expect
      .poll(async () => (await scheduled(c))[0], { timeout: 20_000, interval: 250 })
      .toMatchObject({ runs: 1, next_date: '2031-04-17' });
    expect(await balances(c, c.savings.id)).toEqual({ balance: 40, available: 40 });
  });

  it('holds a customer to 100 schedules that can still run, however many are sent at once', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Many Plans', 100);
    const plan = (cents: number, extra: Record<string, unknown> = {}) =>
      schedule(c, { amount: cents / 100, transferDate: '2031-06-01', ...extra });
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const made = await plan(500 + i, { frequency: 'weekly' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.data.scheduled_transfer.id as string);
    }
    const TOO_MANY =
      'You can have up to 100 scheduled transfers. Cancel one you no longer need to schedule another.';
    const refused = await plan(700);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(TOO_MANY);

    // Two cancelled, then five sent at once: two are scheduled.
    for (const id of ids.slice(0, 2)) {
      expect((await c.client.delete(`/api/transfers/scheduled/${id}`)).status).toBe(200);
    }
    const raced = await Promise.all([701, 702, 703, 704, 705].map((cents) => plan(cents)));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422]);
    expect((await scheduled(c)).filter((v) => v.status === 'active')).toHaveLength(100);

    // A schedule whose last transfer ran leaves room too.
    const once = raced.find((r) => r.status === 201)!.body.data.scheduled_transfer.id as string;
    expect(await runScheduledTransfer(bank.ctx, once, '2031-06-01')).toBe('ran');
    expect((await plan(706)).status).toBe(201);
    expect((await plan(707)).status).toBe(422);
  });

  it("answers 404 for another customer's schedule, and lists only the customer's own", async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const owner = await customer(bank, 'Schedule Owner', 100);
    const stranger = await customer(bank, 'Schedule Stranger', 100);
    const created = await schedule(owner, { amount: 10, transferDate: '2031-02-02' });
    const id = created.body.data.scheduled_transfer.id as string;
    const put = await stranger.client.put(`/api/transfers/scheduled/${id}`, {
      fromAccount: stranger.checking.id,
      amount: 10,
      transferDate: '2031-02-03',
    });
    expect(put.status).toBe(404);
    expect((await stranger.client.delete(`/api/transfers/scheduled/${id}`)).status).toBe(404);
    expect(await scheduled(stranger)).toEqual([]);
    // Scheduling from someone else's account is a 404 too.
    const fromTheirs = await schedule(stranger, {
      fromAccount: owner.checking.id,
      toAccount: stranger.savings.id,
      amount: 10,
      transferDate: '2031-02-02',
    });
    expect(fromTheirs.status).toBe(404);
    expect((await scheduled(owner))[0]).toMatchObject({ id, status: 'active' });
  });

  it('refuses bad plans with field errors, and schedules once per Idempotency-Key', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const c = await customer(bank, 'Careful Planner', 100);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { transferDate: '2031-01-09' },
        'transferDate',
        'The transfer date cannot be earlier than today.',
      ],
      [
        { transferDate: '2033-01-01' },
        'transferDate',
        'A transfer can be scheduled at most one year ahead.',
      ],
      [
        { transferDate: '2031-99-99' },
        'transferDate',
        'The transfer date must be a valid date (YYYY-MM-DD).',
      ],
      [
        { frequency: 'weekly', endDate: '2031-02-30' },
        'endDate',
        'The end date must be a valid date on or after the transfer date.',
      ],
      [
        { frequency: 'daily' },
        'frequency',
        'Please choose how often: weekly, every 2 weeks or monthly',
      ],
      [
        { frequency: 'weekly', endDate: '2031-01-01' },
        'endDate',
        'The end date must be on or after the transfer date.',
      ],
      [
        { frequency: 'weekly', endCount: 0 },
        'endCount',
        'The number of transfers must be a whole number from 1 to 520.',
      ],
      [{ type: 'sepa' }, 'type', 'SEPA transfers are sent today only; they cannot be scheduled.'],
      [{ amount: 50_000.01 }, 'amount', 'You have exceeded your daily transaction limit.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await schedule(c, { amount: 10, transferDate: '2031-02-01', ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors?.[field], JSON.stringify(response.body)).toEqual([message]);
    }
    const headers = { 'idempotency-key': 'schedule-twice' };
    const first = await schedule(c, { amount: 10, transferDate: '2031-02-01' }, headers);
    const second = await schedule(c, { amount: 10, transferDate: '2031-02-01' }, headers);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    // The same request sent again without a key is a repeat of the one made with it.
    const unkeyed = await schedule(c, { amount: 10, transferDate: '2031-02-01' });
    expect(unkeyed.status, JSON.stringify(unkeyed.body)).toBe(409);
    expect(unkeyed.body.code).toBe('DUPLICATE_TRANSACTION');
    expect(await scheduled(c)).toHaveLength(1);
  });

  it('sends to another customer on its day, run by its own job', async () => {
    const sender = await customer(bank, 'Job Sender', 500);
    const recipient = await customer(bank, 'Job Recipient');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    const created = await schedule(sender, {
      type: 'same-bank',
      recipientEmail: recipient.email,
      amount: 75,
      transferDate: today,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    await expect
      .poll(async () => (await scheduled(sender))[0]?.status, { timeout: 20_000, interval: 200 })
      .toBe('completed');
    expect(await balances(recipient, recipient.checking.id)).toEqual({
      balance: 75,
      available: 75,
    });
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 425, available: 425 });
  });
});
