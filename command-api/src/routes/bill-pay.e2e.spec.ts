import { ApiClient, deposit, signedUpCustomer, type TestBank } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { startOfBankDate } from '../domain/bill-pay/calendar.ts';
import { billPayClock, runScheduledOccurrence } from '../services/bill-pay.ts';
import { billPayBankForFile } from './bill-pay-test-helpers.ts';

let bank: TestBank;
billPayBankForFile((started) => (bank = started));

/** Moves bill pay's clock so that it reads `at` now and keeps running from there. */
function setClock(at: Date): void {
  const offset = at.getTime() - Date.now();
  billPayClock.now = () => new Date(Date.now() + offset);
}

/** Sets the clock to `seconds` before the start of `date` in New York. */
function secondsBeforeMidnight(date: string, seconds: number): void {
  setClock(new Date(startOfBankDate(date).getTime() - seconds * 1000));
}

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

async function customerWith(dollars: number): Promise<Customer & { checking: string }> {
  const customer = await signedUpCustomer(bank);
  if (dollars > 0) {
    const funded = await deposit(bank, customer.accounts[0]!.account_number, dollars);
    customer.client.consistencyToken = funded.headers['x-consistency-token'];
  }
  return { ...customer, checking: customer.accounts[0]!.id };
}

const payeeForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'City Power & Light',
  category: 'utilities',
  account_number: '5500-1234-9876',
  default_amount: 80.5,
  ...overrides,
});

async function addPayee(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/bill-payments/payees', payeeForm(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.payee as { id: string; next_payment: unknown };
}

async function balanceOf(client: ApiClient, accountId: string): Promise<number> {
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.balance;
}

async function scheduledList(client: ApiClient) {
  return (await client.get('/api/bill-payments/scheduled')).body.data.payments as {
    id: string;
    payment_id: string;
    scheduled_date: string;
    status: string;
    amount: number;
    source: string;
  }[];
}

async function history(client: ApiClient, type = 'all') {
  return (await client.get(`/api/bill-payments/history?type=${type}&limit=50`)).body.data
    .transactions as {
    source_type: string;
    status: string;
    amount: number;
    description: string;
    category: string;
    account_name: string;
    icon: string;
  }[];
}

async function ledgerBalanced(): Promise<boolean> {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  return (await ops.get('/api/ops/ledger')).body.data.balanced;
}

describe('categories and payees', () => {
  it('lists the ten categories with labels', async () => {
    const { client } = await customerWith(0);
    const response = await client.get('/api/bill-payments/categories');
    expect(response.status).toBe(200);
    const categories = response.body.data.categories as { key: string; label: string }[];
    expect(categories.map((c) => c.key)).toEqual([
      'utilities',
      'credit_cards',
      'insurance',
      'mortgage',
      'auto_loan',
      'phone',
      'internet',
      'cable',
      'streaming',
      'other',
    ]);
    expect(categories.find((c) => c.key === 'credit_cards')!.label).toBe('Credit Cards');
  });

  it.each([
    [{ name: '' }, 'name', 'Please enter the company name.'],
    [{ name: undefined }, 'name', 'Please enter the company name.'],
    // A name given, only too long, is told so (it used to be asked for again).
    [{ name: 'N'.repeat(101) }, 'name', 'The company name may not be greater than 100 characters.'],
    [{ category: undefined }, 'category', 'Please select a category.'],
    [{ category: 'groceries' }, 'category', 'Please select a category.'],
    [{ account_number: '' }, 'account_number', 'Please enter the account number.'],
    [
      { account_number: '12' },
      'account_number',
      'The account number must be 4 to 34 letters or digits.',
    ],
    [
      { default_amount: 10.555 },
      'default_amount',
      'The default amount must be a positive number with at most 2 decimals.',
    ],
    [
      { default_amount: -5 },
      'default_amount',
      'The default amount must be a positive number with at most 2 decimals.',
    ],
    [
      { autopay_enabled: true, autopay_day: 0 },
      'autopay_day',
      'The AutoPay day must be between 1 and 31.',
    ],
    [
      { autopay_enabled: true, autopay_day: 32 },
      'autopay_day',
      'The AutoPay day must be between 1 and 31.',
    ],
    [{ autopay_enabled: true }, 'autopay_day', 'Please enter the AutoPay day of the month.'],
    [
      { autopay_enabled: true, autopay_day: 5, default_amount: null },
      'autopay_amount',
      'Please enter an AutoPay amount or a default amount.',
    ],
    [{ zip_code: '1234' }, 'zip_code', 'The zip code must be a valid ZIP code.'],
  ])('refuses %j with a field error on %s and adds nothing', async (override, field, message) => {
    const { client } = await customerWith(0);
    const response = await client.post('/api/bill-payments/payees', payeeForm(override));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect((await client.get('/api/bill-payments/payees')).body.data.payees).toEqual([]);
  });

  it('adds a payee with a masked account number and keeps the number encrypted', async () => {
    const { client } = await customerWith(0);
    const response = await client.post(
      '/api/bill-payments/payees',
      payeeForm({
        account_number: '7788 9900 4321',
        display_name: 'Power bill',
        zip_code: '04101',
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Payee added successfully!');
    const payees = (await client.get('/api/bill-payments/payees')).body.data.payees;
    expect(payees).toHaveLength(1);
    expect(payees[0]).toMatchObject({
      name: 'City Power & Light',
      display_name: 'Power bill',
      category: 'utilities',
      account_number: '****4321',
      formatted_account_number: '****4321',
      default_amount: 80.5,
      autopay_enabled: false,
      next_payment: null,
    });
    const { rows } = await bank.pool.query(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%778899004321%'`,
    );
    expect(rows[0].n).toBe(0);
    const readModel = await bank.pool.query(
      `SELECT count(*)::int AS n FROM rm_bill_payees WHERE row_to_json(rm_bill_payees)::text LIKE '%778899004321%'`,
    );
    expect(readModel.rows[0].n).toBe(0);
  });

  it("refuses a payee's phone that is not a phone number, and takes one that is", async () => {
    const { client } = await customerWith(0);
    for (const phone of ['zz', '12', '555-CALL-NOW']) {
      const response = await client.post('/api/bill-payments/payees', payeeForm({ phone }));
      expect(response.status, phone).toBe(422);
      expect(response.body.errors.phone).toEqual(['The phone must be a valid phone number.']);
    }
    await addPayee(client, { phone: '(207) 555-0142' });
    await addPayee(client, { phone: '', account_number: '5500-1234-1111' });
  });

  it('keeps at most 100 payees, however many are added at once', async () => {
    const { client } = await customerWith(0);
    const add = (i: number) =>
      client.post(
        '/api/bill-payments/payees',
        payeeForm({ name: `Utility ${i}`, account_number: String(10_000_000 + i) }),
      );
    for (let i = 0; i < 97; i += 1) expect((await add(i)).status).toBe(201);
    const burst = await Promise.all([97, 98, 99, 100, 101, 102].map(add));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    for (const refused of burst.filter((r) => r.status === 422)) {
      expect(refused.body.message).toBe(
        'You can have up to 100 payees. Delete one you no longer pay to add another.',
      );
    }
    const payees = (await client.get('/api/bill-payments/payees')).body.data.payees as {
      id: string;
    }[];
    expect(payees).toHaveLength(100);
    // Deleting one makes room for one.
    expect((await client.delete(`/api/bill-payments/payees/${payees[0]!.id}`)).status).toBe(200);
    expect((await add(200)).status).toBe(201);
    expect((await add(201)).status).toBe(422);
  });

  it('deletes a payee; another customer cannot delete it (404)', async () => {
    const { client } = await customerWith(0);
    const other = await customerWith(0);
    const payee = await addPayee(client);
    expect((await other.client.delete(`/api/bill-payments/payees/${payee.id}`)).status).toBe(404);
    expect((await client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(1);
    const deleted = await client.delete(`/api/bill-payments/payees/${payee.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Payee deleted successfully!');
    expect((await client.get('/api/bill-payments/payees')).body.data.payees).toEqual([]);
    expect((await client.delete(`/api/bill-payments/payees/${payee.id}`)).status).toBe(404);
    expect((await client.delete('/api/bill-payments/payees/not-a-uuid')).status).toBe(404);
  });
});

describe('scheduling rules', () => {
  it.each([
    [{ payee_id: undefined }, 'payee_id', 'Please select a payee.'],
    [{ from_account_id: undefined }, 'from_account_id', 'Please select an account to pay from.'],
    [{ amount: undefined }, 'amount', 'Please enter an amount.'],
    [{ amount: 0 }, 'amount', 'The minimum payment is $0.01.'],
    [{ amount: 0.001 }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: -3 }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: '1e2' }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: 1e15 }, 'amount', 'You have exceeded your daily transaction limit.'],
    [{ amount: '1000000000000000' }, 'amount', 'You have exceeded your daily transaction limit.'],
    [{ amount: 'NaN' }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: true }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: null }, 'amount', 'Please enter an amount.'],
    [{ amount: '  ' }, 'amount', 'Please enter an amount.'],
    [{ scheduled_date: '2031-02-30' }, 'scheduled_date', 'Please enter a valid date (YYYY-MM-DD).'],
    [
      { scheduled_date: '2031-01-28' },
      'scheduled_date',
      'The payment date cannot be earlier than today.',
    ],
    [{ is_recurring: true }, 'recurring_frequency', 'Please select how often the payment repeats.'],
    [
      { is_recurring: true, recurring_frequency: 'daily' },
      'recurring_frequency',
      'Please select how often the payment repeats.',
    ],
    [
      {
        scheduled_date: '2031-02-10',
        is_recurring: true,
        recurring_frequency: 'weekly',
        recurring_end_date: '2031-02-09',
      },
      'recurring_end_date',
      'The end date must be on or after the payment date.',
    ],
  ])('refuses %j with a field error on %s', async (override, field, message) => {
    setClock(new Date('2031-01-29T17:00:00Z'));
    const { client, checking } = await customerWith(100);
    const payee = await addPayee(client);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 10,
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect(await scheduledList(client)).toEqual([]);
    expect(await balanceOf(client, checking)).toBe(100);
  });

  it("refuses another customer's payee or account with 404", async () => {
    const { client, checking } = await customerWith(100);
    const other = await customerWith(100);
    const payee = await addPayee(client);
    const otherPayee = await addPayee(other.client);
    const base = { payee_id: payee.id, from_account_id: checking, amount: 5 };
    const theirPayee = await client.post('/api/bill-payments/schedule', {
      ...base,
      payee_id: otherPayee.id,
    });
    expect(theirPayee.status).toBe(404);
    const theirAccount = await client.post('/api/bill-payments/schedule', {
      ...base,
      from_account_id: other.checking,
    });
    expect(theirAccount.status).toBe(404);
    const autopayOnTheirAccount = await client.post(
      '/api/bill-payments/payees',
      payeeForm({ autopay_enabled: true, autopay_day: 3, autopay_account_id: other.checking }),
    );
    expect(autopayOnTheirAccount.status).toBe(404);
    expect(await balanceOf(other.client, other.checking)).toBe(100);
  });
});

describe('paying today', () => {
  it('pays at once through the books, and the history shows it as a bill', async () => {
    const { client, checking } = await customerWith(200);
    const payee = await addPayee(client);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 75.25,
      memo: 'March bill',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Payment sent successfully!');
    expect(response.body.data.payment).toMatchObject({
      payee_id: payee.id,
      amount: 75.25,
      status: 'completed',
      is_recurring: false,
    });
    expect(await balanceOf(client, checking)).toBe(124.75);
    const bills = await history(client, 'bill_payments');
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      source_type: 'bill_payment',
      status: 'completed',
      amount: -75.25,
      category: 'utilities',
      description: 'Bill payment to City Power & Light',
      account_name: 'Premium Checking',
      icon: 'zap',
    });
    expect(await ledgerBalanced()).toBe(true);
    // Told as a transfer's sender is, not only by the screen that made it.
    const notices = async () =>
      (
        (await client.get('/api/notifications')).body.data.notifications as {
          title: string;
          message: string;
          type: string;
        }[]
      ).filter((n) => n.type === 'bill_payment');
    await expect
      .poll(async () => (await notices()).map((n) => [n.title, n.message]), { timeout: 10_000 })
      .toEqual([
        ['Bill payment sent', '$75.25 was paid to City Power & Light from your Premium Checking.'],
      ]);
  });

  it('refuses amounts written in hex, binary or exponents with 422, and changes nothing', async () => {
    const { client, checking } = await customerWith(50);
    const payee = await addPayee(client);
    for (const amount of ['0x10', '0b101', '1e1', '-5', '5 dollars']) {
      const response = await client.post('/api/bill-payments/schedule', {
        payee_id: payee.id,
        from_account_id: checking,
        amount,
      });
      expect(response.status, amount).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['amount']);
    }
    expect(await balanceOf(client, checking)).toBe(50);
    expect(await history(client, 'bill_payments')).toEqual([]);
  });

  it('refuses a payment today above the available balance and changes nothing', async () => {
    const { client, checking } = await customerWith(50);
    const payee = await addPayee(client);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 50.01,
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(response.body.errors.amount).toEqual(['Insufficient funds']);
    expect(await balanceOf(client, checking)).toBe(50);
    expect(await history(client, 'bill_payments')).toEqual([]);
  });

  it('filters the history by type (the spec product ignored the filter)', async () => {
    const { client, checking } = await customerWith(100);
    const payee = await addPayee(client);
    await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 10,
    });
    const all = await history(client, 'all');
    expect(all.map((h) => h.source_type).sort()).toEqual(['bill_payment', 'transaction']);
    expect((await history(client, 'transactions')).map((h) => h.amount)).toEqual([100]);
    expect((await history(client, 'bill_payments')).map((h) => h.amount)).toEqual([-10]);
    expect(await history(client, 'transfers')).toEqual([]);
    expect((await client.get('/api/bill-payments/history?type=everything')).status).toBe(422);
  });
});

describe('scheduled, recurring and AutoPay payments (real BullMQ, moved clock)', () => {
  it('pays a future payment at the start of its date in New York, not before', async () => {
    const { client, checking } = await customerWith(100);
    const payee = await addPayee(client);
    // The clock moves last: setting up a customer can take longer than the seconds left.
    secondsBeforeMidnight('2031-01-30', 3);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 40,
      scheduled_date: '2031-01-30',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Payment scheduled successfully!');
    expect(response.body.data.payment.status).toBe('scheduled');
    await bank.jobs!.dispatchPending();
    expect(await scheduledList(client)).toMatchObject([
      { scheduled_date: '2031-01-30', status: 'scheduled', amount: 40 },
    ]);
    const payees = (await client.get('/api/bill-payments/payees')).body.data.payees;
    expect(payees[0].next_payment).toEqual({ date: '2031-01-30', amount: 40 });
    expect((await history(client, 'bill_payments'))[0]).toMatchObject({ status: 'scheduled' });
    expect(await balanceOf(client, checking)).toBe(100);

    await expect
      .poll(() => balanceOf(client, checking), { timeout: 10_000, interval: 250 })
      .toBe(60);
    expect(billPayClock.now() >= startOfBankDate('2031-01-30')).toBe(true);
    await expect.poll(() => scheduledList(client), { timeout: 5_000 }).toEqual([]);
    await expect
      .poll(async () => (await history(client, 'bill_payments')).map((h) => h.status), {
        timeout: 5_000,
      })
      .toEqual(['completed']);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('fails safely when funds are short: no overdraft, a bill_payment notification', async () => {
    const { client, checking } = await customerWith(30);
    const payee = await addPayee(client);
    // The clock moves last: setting up a customer can take longer than the seconds left.
    secondsBeforeMidnight('2031-01-30', 2);
    const scheduled = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 30.01,
      scheduled_date: '2031-01-30',
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications?type=bill_payment')).body.data.notifications.map(
            (n: { title: string }) => n.title,
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toEqual(['Bill payment failed']);
    expect(await balanceOf(client, checking)).toBe(30);
    const bills = await history(client, 'bill_payments');
    expect(bills).toMatchObject([{ status: 'failed', amount: -30.01 }]);
    expect(await scheduledList(client)).toEqual([]);
  });

  it('repeats a recurring payment until its end date, each run scheduling the next', async () => {
    const { client, checking } = await customerWith(100);
    const payee = await addPayee(client);
    // The clock moves last: setting up a customer can take longer than the seconds left.
    secondsBeforeMidnight('2031-01-30', 2);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 10,
      scheduled_date: '2031-01-30',
      is_recurring: true,
      recurring_frequency: 'weekly',
      recurring_end_date: '2031-02-06',
    });
    const paymentId = response.body.data.payment.id as string;
    await bank.jobs!.dispatchPending();
    await expect
      .poll(() => balanceOf(client, checking), { timeout: 10_000, interval: 250 })
      .toBe(90);

    // The next occurrence is a delayed job due a week later, at midnight in New York.
    await bank.jobs!.dispatchPending();
    const next = await bank.jobs!.queue.getJob(`bill-payment-${paymentId}-2031-02-06`);
    expect(next).toBeDefined();
    const dueAt = next!.timestamp + next!.opts.delay!;
    const expected =
      startOfBankDate('2031-02-06').getTime() - billPayClock.now().getTime() + Date.now();
    expect(Math.abs(dueAt - expected)).toBeLessThan(5_000);
    await expect
      .poll(async () => (await scheduledList(client)).map((p) => p.scheduled_date), {
        timeout: 10_000,
      })
      .toEqual(['2031-02-06']);

    // A week passes: the clock moves on and the delayed job comes due.
    secondsBeforeMidnight('2031-02-06', -1);
    await next!.promote();
    await expect
      .poll(() => balanceOf(client, checking), { timeout: 10_000, interval: 250 })
      .toBe(80);
    await bank.jobs!.dispatchPending();
    // The end date is reached: nothing further is scheduled.
    expect(await bank.jobs!.queue.getJob(`bill-payment-${paymentId}-2031-02-13`)).toBeUndefined();
    await expect.poll(() => scheduledList(client), { timeout: 10_000 }).toEqual([]);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('pays AutoPay on its day each month, clamped to the month length', async () => {
    const { client, checking } = await customerWith(500);
    secondsBeforeMidnight('2031-01-30', 3);
    const payee = await addPayee(client, {
      autopay_enabled: true,
      autopay_day: 30,
      autopay_amount: 120,
    });
    expect(payee.next_payment).toEqual({ date: '2031-01-30', amount: 120 });
    await bank.jobs!.dispatchPending();
    await expect
      .poll(() => balanceOf(client, checking), { timeout: 10_000, interval: 250 })
      .toBe(380);
    await bank.jobs!.dispatchPending();
    // February has no 30th: the next AutoPay is on the 28th.
    const next = await bank.jobs!.queue.getJob(`bill-autopay-${payee.id}-2031-02-28`);
    expect(next).toBeDefined();
    await expect
      .poll(
        async () =>
          (await client.get('/api/bill-payments/payees')).body.data.payees[0].next_payment,
        { timeout: 10_000 },
      )
      .toEqual({ date: '2031-02-28', amount: 120 });
    const notes = (await client.get('/api/notifications?type=bill_payment')).body.data
      .notifications;
    expect(notes.map((n: { title: string }) => n.title)).toEqual(['AutoPay payment sent']);

    // Deleting the payee stops AutoPay: the due job finds it gone and pays nothing.
    await client.delete(`/api/bill-payments/payees/${payee.id}`);
    secondsBeforeMidnight('2031-02-28', -1);
    await next!.promote();
    await expect
      .poll(async () => (await next!.getState()) === 'completed', { timeout: 10_000 })
      .toBe(true);
    expect(await balanceOf(client, checking)).toBe(380);
    expect(await scheduledList(client)).toEqual([]);
  });

  it('pays an occurrence at most once, however often its job runs', async () => {
    secondsBeforeMidnight('2031-03-01', 60);
    const { client, checking } = await customerWith(100);
    const payee = await addPayee(client);
    const response = await client.post('/api/bill-payments/schedule', {
      payee_id: payee.id,
      from_account_id: checking,
      amount: 25,
      scheduled_date: '2031-03-01',
    });
    const paymentId = response.body.data.payment.id as string;
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => runScheduledOccurrence(bank.ctx, paymentId, '2031-03-01')),
    );
    expect(runs.filter((r) => r.result === 'paid')).toHaveLength(1);
    expect(runs.every((r) => r.result === 'paid' || r.result === 'done')).toBe(true);
    await new ApiClient(bank).get('/api/health');
    await expect.poll(() => balanceOf(client, checking), { timeout: 10_000 }).toBe(75);
  });
});

describe('the history, a page at a time', () => {
  type Line = { id: string; source_type: string; amount: number; date: string };
  type Page = { transactions: Line[]; next_cursor: string | null };
  const CURSOR_REFUSED = { cursor: ['The cursor is not one this list handed out.'] };

  async function pageOf(client: ApiClient, query: string): Promise<Page> {
    const response = await client.get(`/api/bill-payments/history?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Page;
  }

  /** Every line, following `next_cursor` from the first page to the last. */
  async function pagedThrough(client: ApiClient, query: string, limit: number) {
    const lines: Line[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const page: Page = await pageOf(
        client,
        `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.transactions.length).toBeLessThanOrEqual(limit);
      lines.push(...page.transactions);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { lines, pages };
  }

  /** The bank's date `days` from today. */
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });

  async function pay(client: ApiClient, body: Record<string, unknown>) {
    const response = await client.post('/api/bill-payments/schedule', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  it('pages through every line once and in order, lines of one date included', async () => {
    const { client, checking } = await customerWith(500);
    const payee = await addPayee(client);
    const base = { payee_id: payee.id, from_account_id: checking };
    // Two bills paid now (postings), then seven scheduled: four on one day, three on another,
    // each day's lines alike in date and told apart by their position only.
    for (const amount of [11, 12]) await pay(client, { ...base, amount });
    for (const [days, amount] of [
      [10, 21],
      [10, 22],
      [10, 23],
      [10, 24],
      [20, 31],
      [20, 32],
      [20, 33],
    ] as const) {
      await pay(client, { ...base, amount, scheduled_date: inDays(days) });
    }

    const whole = await pageOf(client, 'type=all&limit=200');
    expect(whole.next_cursor).toBeNull();
    const all = whole.transactions;
    expect(all.map((l) => l.amount)).toEqual([-33, -32, -31, -24, -23, -22, -21, -12, -11, 500]);
    expect(new Set(all.map((l) => l.date)).size).toBe(5);

    // One line a page puts a page break between every two lines of a date; five fill the last
    // page exactly, which still says it is the last.
    for (const limit of [1, 3, 4, 5]) {
      const { lines, pages } = await pagedThrough(client, 'type=all', limit);
      expect(
        lines.map((l) => l.id),
        `limit ${limit}`,
      ).toEqual(all.map((l) => l.id));
      expect(pages, `limit ${limit}`).toBe(Math.ceil(all.length / limit));
    }
    // A type's pages hold that type's lines, in the same order.
    const bills = await pagedThrough(client, 'type=bill_payments', 2);
    expect(bills.lines.map((l) => l.id)).toEqual(
      all.filter((l) => l.source_type === 'bill_payment').map((l) => l.id),
    );
  });

  it("refuses a cursor it did not hand out, and another customer's shows only one's own lines", async () => {
    const mine = await customerWith(100);
    const theirs = await customerWith(200);
    await deposit(bank, theirs.accounts[0]!.account_number, 50);
    const theirPayee = await addPayee(theirs.client);
    await pay(theirs.client, {
      payee_id: theirPayee.id,
      from_account_id: theirs.checking,
      amount: 15,
      scheduled_date: inDays(5),
    });

    const refused = async (cursor: string) => {
      const response = await mine.client.get(
        `/api/bill-payments/history?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.status, cursor).toBe(422);
      expect(response.body.errors, cursor).toEqual(CURSOR_REFUSED);
    };
    const accountsCursor = (await theirs.client.get('/api/dashboard/comprehensive-history?limit=1'))
      .body.data.next_cursor as string;
    expect(accountsCursor).toEqual(expect.any(String));
    // Junk, a cursor of the accounts history, and ones of the right shape naming no instant.
    await refused('bm90LWEtY3Vyc29y');
    await refused('not a cursor at all');
    await refused(accountsCursor);
    for (const forged of [
      'bill-pay-history|2026-02-30T09:09:47.513000Z|5',
      'bill-pay-history|2026-12-01T12:00:00.000000Z|x',
      'bill-pay-history|2026-12-01T12:00:00.000000Z|5|6',
      'bill-pay|2026-12-01T12:00:00.000000Z|5',
    ]) {
      await refused(Buffer.from(forged).toString('base64url'));
    }

    // Another customer's cursor is a place in time and the log, not a way into their lines.
    const theirCursor = (await pageOf(theirs.client, 'limit=1')).next_cursor;
    expect(theirCursor).toEqual(expect.any(String));
    const ownIds = (await pageOf(mine.client, 'limit=200')).transactions.map((l) => l.id);
    const theirIds = (await pageOf(theirs.client, 'limit=200')).transactions.map((l) => l.id);
    const shown = (await pageOf(mine.client, `limit=200&cursor=${theirCursor}`)).transactions;
    expect(ownIds.length).toBeGreaterThan(0);
    expect(shown.map((l) => l.id)).toEqual(ownIds);
    expect(shown.some((l) => theirIds.includes(l.id))).toBe(false);
  });
});
