import { registrationPayload, signedUpCustomer, type TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECIPIENT_MESSAGES, ZELLE_MESSAGES } from '@bank/contracts';
import { expireZellePayment } from '../services/zelle.ts';
import {
  balances,
  customer,
  dispatchJobs,
  ledger,
  expectRebuildEqualsLive,
  poll,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const send = (from: Customer, to: { email?: string; phone?: string }, amount: number, extra = {}) =>
  from.client.post('/api/zelle/send', {
    bank_account_id: from.checking.id,
    amount,
    recipient_name: 'Friend',
    ...(to.email ? { recipient_email: to.email } : { recipient_phone: to.phone }),
    memo: 'Thanks',
    ...extra,
  });

async function activity(c: Customer, query = '') {
  return (await c.client.get(`/api/zelle/transactions?limit=20${query}`)).body.data
    .transactions as {
    id: string;
    type: string;
    direction: string;
    status: string;
    amount: number;
    recipient_name: string;
    sender_name: string;
    reference_number: string;
    formatted_date: string;
    memo: string;
  }[];
}

describe('send', () => {
  it('pays a customer of the bank at once, shows both sides and counts the recipient', async () => {
    const maya = await customer(bank, 'Maya Chen', 1000);
    const sam = await customer(bank, 'Sam Lee');
    const response = await send(maya, { email: sam.email.toUpperCase() }, 42.5);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Payment of $42.50 sent to Sam Lee');
    expect(response.body.data.transaction).toMatchObject({
      type: 'sent',
      status: 'completed',
      recipient_name: 'Sam Lee',
      sender_name: 'Maya Chen',
      amount: 42.5,
      memo: 'Thanks',
    });
    expect(response.body.data.transaction.reference_number).toMatch(/^ZEL-/);
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 957.5, available: 957.5 });
    sam.client.consistencyToken = maya.client.consistencyToken;
    expect(await balances(sam, sam.checking.id)).toEqual({ balance: 42.5, available: 42.5 });

    const mine = await activity(maya);
    expect(mine[0]).toMatchObject({ type: 'sent', status: 'completed', amount: 42.5 });
    expect(mine[0]!.formatted_date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const theirs = await activity(sam);
    expect(theirs[0]).toMatchObject({
      type: 'received',
      sender_name: 'Maya Chen',
      status: 'completed',
      reference_number: mine[0]!.reference_number,
    });
    const history = (await sam.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    expect(history[0].description).toBe('Zelle payment from Maya Chen');
    const sent = (await maya.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    expect(sent[0].description).toBe('Zelle payment to Sam Lee');

    await send(maya, { phone: sam.phone }, 1);
    const recipients = (await maya.client.get('/api/zelle/recipients')).body.data.recipients;
    expect(recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Sam Lee',
          email: sam.email.toLowerCase(),
          transaction_count: 1,
        }),
        expect.objectContaining({ name: 'Sam Lee', phone: sam.phone, transaction_count: 1 }),
      ]),
    );
    expect(recipients[0]).toHaveProperty('avatar');
    const titles = (await sam.client.get('/api/notifications')).body.data.notifications.map(
      (n: { title: string }) => n.title,
    );
    expect(titles).toContain('Money received');
    const limits = (await maya.client.get('/api/zelle/limits')).body.data.limits;
    expect(limits.daily).toEqual({ limit: 2500, used: 43.5, remaining: 2456.5 });
    expect(limits.monthly).toEqual({ limit: 20000, used: 43.5, remaining: 19956.5 });
    const samLimits = (await sam.client.get('/api/zelle/limits')).body.data.limits;
    expect(samLimits.daily_receive).toEqual({ limit: 5000, used: 43.5, remaining: 4956.5 });
  });

  it.each([
    [{ bank_account_id: '' }, 'bank_account_id', 'Please select an account'],
    [{ recipient_name: ' ' }, 'recipient_name', 'Please enter recipient name'],
    [{ recipient_email: '' }, 'recipient_email', 'Please enter recipient email or phone number'],
    [{ recipient_email: 'not-an-email' }, 'recipient_email', 'Please enter a valid email address'],
    [
      { recipient_email: undefined, recipient_phone: '12' },
      'recipient_phone',
      'Please enter a valid phone number',
    ],
    [{ amount: 0 }, 'amount', 'The amount must be at least $0.01.'],
    [{ amount: undefined }, 'amount', 'The amount must be at least $0.01.'],
    [{ amount: 5000.01 }, 'amount', 'The amount may not be greater than $5,000.00.'],
    [{ amount: 1.001 }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    // Text that is no plain decimal, and values that are neither number nor text.
    [{ amount: '1e1' }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: true }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [{ amount: [10] }, 'amount', 'The amount must be a positive number with at most 2 decimals.'],
    [
      { amount: { value: 10 } },
      'amount',
      'The amount must be a positive number with at most 2 decimals.',
    ],
    [
      { amount: '1'.repeat(41) },
      'amount',
      'The amount must be a positive number with at most 2 decimals.',
    ],
    [{ memo: 'm'.repeat(256) }, 'memo', 'The memo may not be greater than 255 characters.'],
  ])(
    'refuses %j with the message on %s, to send or to request',
    async (override, field, message) => {
      const c = await customer(bank, 'Zelle Validation', 100);
      for (const url of ['/api/zelle/send', '/api/zelle/request']) {
        const response = await c.client.post(url, {
          bank_account_id: c.checking.id,
          amount: 10,
          recipient_name: 'Friend',
          recipient_email: 'friend@example.com',
          ...override,
        });
        expect(response.status, url).toBe(422);
        expect(response.body.errors[field], url).toEqual([message]);
      }
      expect(await balances(c, c.checking.id)).toEqual({ balance: 100, available: 100 });
    },
  );

  it('takes the amount as a JSON number or as plain decimal text, as transfers and wires do', async () => {
    const maya = await customer(bank, 'Maya Text', 100);
    const sam = await customer(bank, 'Sam Text');
    for (const amount of ['12.50', '7 ']) {
      const response = await maya.client.post('/api/zelle/send', {
        bank_account_id: maya.checking.id,
        amount,
        recipient_name: 'Sam',
        recipient_email: sam.email,
      });
      expect(response.status, amount).toBe(201);
    }
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 80.5, available: 80.5 });
  });

  it('pays only from checking, only what is available, never to oneself', async () => {
    const c = await customer(bank, 'Rule Checker', 100);
    const fromSavings = await c.client.post('/api/zelle/send', {
      bank_account_id: c.savings.id,
      amount: 10,
      recipient_name: 'Friend',
      recipient_email: 'friend@example.com',
    });
    expect(fromSavings.body.errors.bank_account_id).toEqual([
      'Zelle payments can only be sent from a checking account.',
    ]);
    const tooMuch = await send(c, { email: 'friend@example.com' }, 100.01);
    expect(tooMuch.body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
    });
    const self = await send(c, { email: c.email }, 5);
    expect(self.body.code).toBe('INVALID_RECIPIENT');
    expect(self.body.errors.recipient_email).toEqual(['You cannot send money to yourself.']);
  });

  it('answers a retried send with the same Idempotency-Key once, and a quick identical one as a duplicate', async () => {
    const c = await customer(bank, 'Retry Sender', 100);
    const sam = await customer(bank, 'Retry Recipient');
    const headers = { 'idempotency-key': 'zelle-1' };
    const a = await send(c, { email: sam.email }, 10, {}).then(() => null);
    void a;
    const first = await c.client.post(
      '/api/zelle/send',
      {
        bank_account_id: c.checking.id,
        amount: 20,
        recipient_name: 'S',
        recipient_email: sam.email,
      },
      headers,
    );
    const retry = await c.client.post(
      '/api/zelle/send',
      {
        bank_account_id: c.checking.id,
        amount: 20,
        recipient_name: 'S',
        recipient_email: sam.email,
      },
      headers,
    );
    expect(retry.body).toEqual(first.body);
    const duplicate = await send(c, { email: sam.email }, 10);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('DUPLICATE_TRANSACTION');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 70, available: 70 });
  });
});

describe('limits', () => {
  it('refuses sends past $2,500 a day and starts again at midnight New York time', async () => {
    const c = await customer(bank, 'Daily Sender', 10_000);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-24T04:50:00Z')); // 23:50 on the 23rd in New York
    expect((await send(c, { email: 'a@example.com' }, 2000)).status).toBe(201);
    expect((await send(c, { email: 'b@example.com' }, 500)).status).toBe(201);
    const over = await send(c, { email: 'c@example.com' }, 0.01);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: 'You have exceeded your daily transaction limit.',
    });
    expect((await c.client.get('/api/zelle/limits')).body.data.limits.daily).toEqual({
      limit: 2500,
      used: 2500,
      remaining: 0,
    });
    vi.setSystemTime(new Date('2026-11-24T05:00:30Z')); // 00:00:30 on the 24th
    expect((await send(c, { email: 'c@example.com' }, 100)).status).toBe(201);
    const limits = (await c.client.get('/api/zelle/limits')).body.data.limits;
    expect(limits.daily.used).toBe(100);
    expect(limits.monthly.used).toBe(2600);
  });

  it('refuses sends past $20,000 in a calendar month', async () => {
    const c = await customer(bank, 'Monthly Sender', 25_000);
    // Paid once now, while the session is fresh: days later the contact needs no step-up.
    const payee = { email: 'monthly-payee@example.com' };
    expect((await send(c, payee, 1)).status).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    for (let day = 1; day <= 8; day += 1) {
      vi.setSystemTime(new Date(`2027-01-${String(day + 10).padStart(2, '0')}T15:00:00Z`));
      const sent = await send(c, payee, 2500);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    vi.setSystemTime(new Date('2027-01-20T15:00:00Z'));
    const over = await send(c, payee, 1);
    const usage = (await c.client.get('/api/zelle/limits')).body.data.limits.monthly;
    expect(over.body, JSON.stringify(usage)).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: 'You have exceeded your monthly transaction limit.',
    });
    vi.setSystemTime(new Date('2027-02-01T15:00:00Z'));
    expect((await send(c, payee, 1)).status).toBe(201);
  });

  it('refuses a payment that would take the recipient past $5,000 received in a day', async () => {
    const sam = await customer(bank, 'Popular Sam');
    const senders = await Promise.all(
      ['One', 'Two', 'Three'].map((n) => customer(bank, `Sender ${n}`, 3000)),
    );
    expect((await send(senders[0]!, { email: sam.email }, 2500)).status).toBe(201);
    expect((await send(senders[1]!, { email: sam.email }, 2500)).status).toBe(201);
    const over = await send(senders[2]!, { email: sam.email }, 1);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(over.body.message).toContain('Popular Sam cannot receive this payment today');
    expect(await balances(senders[2]!, senders[2]!.checking.id)).toEqual({
      balance: 3000,
      available: 3000,
    });
  });
});

describe('to someone not yet a customer', () => {
  it('holds the money; enrolling that email alone claims nothing (a one-time code does)', async () => {
    const maya = await customer(bank, 'Maya Pending', 300);
    const newEmail = `newcomer.${Date.now()}@example.com`;
    const response = await send(maya, { email: newEmail }, 80, { recipient_name: 'Newcomer' });
    expect(response.status).toBe(201);
    expect(response.body.data.transaction).toMatchObject({
      status: 'pending',
      recipient_name: 'Newcomer',
    });
    expect(response.body.message).toContain(
      'if it is not claimed within 14 days, it comes back to you',
    );
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 300, available: 220 });
    const paymentId = response.body.data.transaction.id;
    await dispatchJobs(bank);
    const expiry = await bank.jobs!.queue.getJob(`expire-zelle-${paymentId}`);
    expect(expiry?.opts.delay).toBeGreaterThan(14 * 24 * 3600 * 1000 - 60_000);
    expect(expiry?.opts.delay).toBeLessThanOrEqual(14 * 24 * 3600 * 1000);

    const { client, accounts } = await signedUpCustomer(
      bank,
      { name: 'New Comer', email: newEmail },
      { proveContacts: false },
    );
    await dispatchJobs(bank);
    await bank.runner.catchUp();
    expect((await activity(maya))[0]!.status).toBe('pending');
    const mine = (await client.get('/api/accounts')).body.data.accounts;
    expect(mine.find((a: { id: string }) => a.id === accounts[0]!.id).balance).toBe(0);
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 300, available: 220 });
    // zelle-claims.e2e.spec.ts claims it with the code; at the end of the window it goes back.
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('returned');
    await bank.runner.catchUp();
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 300, available: 300 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('returns an unclaimed payment after 14 days', async () => {
    const maya = await customer(bank, 'Maya Returned', 300);
    const response = await send(maya, { phone: '2125550199' }, 60, { recipient_name: 'Nobody' });
    const paymentId = response.body.data.transaction.id;
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 300, available: 240 });
    // What the delayed BullMQ job runs when the 14 days are up.
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('returned');
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('nothing to do');
    await bank.runner.catchUp();
    expect(await balances(maya, maya.checking.id)).toEqual({ balance: 300, available: 300 });
    const line = (await activity(maya))[0] as unknown as { receipt_id: string | null };
    expect(line).toMatchObject({ id: paymentId, status: 'returned' });
    // The account's history and the receipt say returned too: nothing failed, the money came back.
    const history = (await maya.client.get('/api/dashboard/comprehensive-history?limit=10')).body
      .data.transactions as { id: string; status: string }[];
    expect(history.find((t) => t.id === line.receipt_id)).toMatchObject({ status: 'returned' });
    const receipt = (await maya.client.get(`/api/transactions/${line.receipt_id}`)).body.data
      .receipt as { status: string; timeline: { step: string; detail: string | null }[] };
    expect(receipt.status).toBe('returned');
    expect(receipt.timeline.map((s) => [s.step, s.detail ?? null])).toEqual([
      ['initiated', null],
      ['reversed', 'Not claimed within 14 days'],
    ]);
    const titles = (await maya.client.get('/api/notifications')).body.data.notifications.map(
      (n: { title: string }) => n.title,
    );
    expect(titles).toContain('Zelle payment returned');
    expect((await maya.client.get('/api/zelle/limits')).body.data.limits.daily.used).toBe(0);
  });
});

describe('requests', () => {
  it('asks another customer, who sees the request and pays it', async () => {
    const maya = await customer(bank, 'Maya Requester');
    const sam = await customer(bank, 'Sam Payer', 200);
    const response = await maya.client.post('/api/zelle/request', {
      bank_account_id: maya.savings.id,
      amount: 35.25,
      recipient_name: 'Sam',
      recipient_phone: sam.phone,
      memo: 'Concert tickets',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.request).toMatchObject({
      type: 'request',
      status: 'pending',
      amount: 35.25,
    });
    const requestId = response.body.data.request.id;
    sam.client.consistencyToken = maya.client.consistencyToken;
    const pending = (await sam.client.get('/api/zelle/requests')).body.data.requests;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      id: requestId,
      requester_name: 'Maya Requester',
      amount: 35.25,
      memo: 'Concert tickets',
      status: 'pending',
    });
    // The welcome notification is raised by a background job, so it may land before or after.
    const notified = (await sam.client.get('/api/notifications')).body.data.notifications;
    expect(notified.map((n: { title: string }) => n.title)).toContain(
      'Zelle request from Maya Requester',
    );
    // Only the person asked can pay it.
    expect(
      (
        await maya.client.post(`/api/zelle/requests/${requestId}/pay`, {
          bank_account_id: maya.checking.id,
        })
      ).status,
    ).toBe(404);

    const paid = await sam.client.post(`/api/zelle/requests/${requestId}/pay`, {
      bank_account_id: sam.checking.id,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe('Request from Maya Requester paid');
    expect(
      (
        await sam.client.post(`/api/zelle/requests/${requestId}/pay`, {
          bank_account_id: sam.checking.id,
        })
      ).status,
    ).toBe(409);
    await bank.runner.catchUp();
    expect(await balances(sam, sam.checking.id)).toEqual({ balance: 164.75, available: 164.75 });
    maya.client.consistencyToken = sam.client.consistencyToken;
    expect(await balances(maya, maya.savings.id)).toEqual({ balance: 35.25, available: 35.25 });
    expect((await sam.client.get('/api/zelle/requests')).body.data.requests).toEqual([]);
    const requests = await activity(maya, '&type=request');
    expect(requests[0]).toMatchObject({ id: requestId, status: 'completed' });
  });

  it('can be declined, and the requester is told', async () => {
    const maya = await customer(bank, 'Maya Declined');
    const sam = await customer(bank, 'Sam Decliner');
    const response = await maya.client.post('/api/zelle/request', {
      bank_account_id: maya.checking.id,
      amount: 12,
      recipient_name: 'Sam',
      recipient_email: sam.email,
    });
    const requestId = response.body.data.request.id;
    const stranger = await customer(bank, 'Stranger');
    expect((await stranger.client.post(`/api/zelle/requests/${requestId}/decline`)).status).toBe(
      404,
    );
    const declined = await sam.client.post(`/api/zelle/requests/${requestId}/decline`);
    expect(declined.status).toBe(200);
    await bank.runner.catchUp();
    expect((await activity(maya))[0]).toMatchObject({ id: requestId, status: 'declined' });
    const titles = (await maya.client.get('/api/notifications')).body.data.notifications.map(
      (n: { title: string }) => n.title,
    );
    expect(titles).toContain('Zelle request declined');
  });

  it('asks the same person at most 10 times in 24 hours, however many are sent at once', async () => {
    const maya = await customer(bank, 'Maya Insistent');
    const sam = await customer(bank, 'Sam Pestered');
    const lee = await customer(bank, 'Lee Other');
    const ask = (to: { email: string }, cents: number) =>
      maya.client.post(
        '/api/zelle/request',
        {
          bank_account_id: maya.checking.id,
          amount: 1 + cents / 100,
          recipient_name: 'Them',
          recipient_email: to.email,
          memo: 'Pay up',
        },
        { 'Idempotency-Key': `ask-${to.email}-${cents}` },
      );
    // Each request lands in the payer's requests and notifications.
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => ask(sam, i)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(422)]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      errors: { recipient_email: [ZELLE_MESSAGES.askedTooOften] },
    });
    sam.client.consistencyToken = maya.client.consistencyToken;
    expect((await sam.client.get('/api/zelle/requests')).body.data.requests).toHaveLength(10);
    // Another person may still be asked, but not the same one in a split.
    expect((await ask(lee, 0)).status).toBe(201);
    const split = await maya.client.post('/api/zelle/split', {
      bank_account_id: maya.checking.id,
      total_amount: 30,
      people: [
        { name: 'Lee', contact: lee.email },
        { name: 'Sam', contact: sam.email },
      ],
    });
    expect(split.status).toBe(422);
    expect(split.body.errors['people.1.contact']).toEqual([ZELLE_MESSAGES.askedTooOften]);
  });

  it('refuses a request to someone who is not a customer, or to oneself', async () => {
    const maya = await customer(bank, 'Maya Alone');
    const unknown = await maya.client.post('/api/zelle/request', {
      bank_account_id: maya.checking.id,
      amount: 12,
      recipient_name: 'Ghost',
      recipient_email: registrationPayload().email,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: RECIPIENT_MESSAGES.requestNotEnrolled,
      errors: { recipient_email: [RECIPIENT_MESSAGES.requestNotEnrolled] },
    });
    const self = await maya.client.post('/api/zelle/request', {
      bank_account_id: maya.checking.id,
      amount: 12,
      recipient_name: 'Me',
      recipient_email: maya.email,
    });
    expect(self.body.code).toBe('INVALID_RECIPIENT');
  });
});

describe('split', () => {
  it('asks each person for total / (people + 1), with the cents adding up, all or nothing', async () => {
    const maya = await customer(bank, 'Maya Splitter');
    const sam = await customer(bank, 'Sam Split');
    const lee = await customer(bank, 'Lee Split');
    const response = await maya.client.post('/api/zelle/split', {
      bank_account_id: maya.checking.id,
      total_amount: 100,
      memo: 'Dinner',
      people: [
        { name: 'Sam', contact: sam.email },
        { name: 'Lee', contact: lee.phone },
      ],
    });
    expect(response.status).toBe(201);
    const { requests, your_share } = response.body.data;
    expect(requests.map((r: { amount: number }) => r.amount)).toEqual([33.33, 33.33]);
    expect(your_share).toBe(33.34);
    sam.client.consistencyToken = maya.client.consistencyToken;
    expect((await sam.client.get('/api/zelle/requests')).body.data.requests[0]).toMatchObject({
      amount: 33.33,
      requester_name: 'Maya Splitter',
    });

    // One unknown person: no request is made at all.
    const before = (await activity(maya, '&type=request')).length;
    const partial = await maya.client.post('/api/zelle/split', {
      bank_account_id: maya.checking.id,
      total_amount: 30,
      people: [
        { name: 'Sam', contact: sam.email },
        { name: 'Ghost', contact: 'ghost.nobody@example.com' },
      ],
    });
    expect(partial.status).toBe(422);
    expect(partial.body).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: RECIPIENT_MESSAGES.requestNotEnrolled,
    });
    expect(partial.body.errors['people.1.contact']).toEqual([
      RECIPIENT_MESSAGES.requestNotEnrolled,
    ]);
    expect(await activity(maya, '&type=request')).toHaveLength(before);
  });

  it('asks each person once: the same customer under another spelling or contact is refused', async () => {
    const maya = await customer(bank, 'Maya Twice');
    const sam = await customer(bank, 'Sam Twice');
    const lee = await customer(bank, 'Lee Twice');
    const split = (people: { name: string; contact: string }[]) =>
      maya.client.post('/api/zelle/split', {
        bank_account_id: maya.checking.id,
        total_amount: 90,
        people,
      });
    for (const again of [sam.email, sam.email.toUpperCase(), sam.phone]) {
      const response = await split([
        { name: 'Sam', contact: sam.email },
        { name: 'Lee', contact: lee.email },
        { name: 'Sam again', contact: again },
      ]);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        code: 'INVALID_RECIPIENT',
        message: ZELLE_MESSAGES.splitPersonTwice,
      });
      expect(response.body.errors['people.2.contact']).toEqual([ZELLE_MESSAGES.splitPersonTwice]);
    }
    sam.client.consistencyToken = maya.client.consistencyToken;
    expect((await sam.client.get('/api/zelle/requests')).body.data.requests).toEqual([]);
    expect(await activity(maya, '&type=request')).toEqual([]);
  });

  it.each([
    [{ bank_account_id: '' }, 'bank_account_id', 'Please select an account'],
    [{ total_amount: 0 }, 'total_amount', 'Please enter a valid amount to split'],
    [{ people: [] }, 'people', 'Please add at least one person to split with'],
    [
      { people: [{ name: 'Sam', contact: '' }] },
      'people',
      'Please fill in name and contact for all recipients',
    ],
    [{ total_amount: 0.01 }, 'total_amount', 'Each share must be between $0.01 and $5,000.00'],
  ])('refuses %j', async (override, field, message) => {
    const maya = await customer(bank, 'Split Validation');
    const response = await maya.client.post('/api/zelle/split', {
      bank_account_id: maya.checking.id,
      total_amount: 50,
      people: [{ name: 'Sam', contact: 'sam@example.com' }],
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });
});

describe('read models', () => {
  it('rebuild from the log to exactly the rows the live projections hold', async () => {
    await dispatchJobs(bank);
    await poll(
      async () =>
        (await bank.jobs!.queue.getJobCounts('active', 'waiting')) as Record<string, number>,
      (counts) => counts.active === 0 && counts.waiting === 0,
    );
    await expectRebuildEqualsLive(bank, ['transfers', 'money-limits', 'zelle']);
  });
});
