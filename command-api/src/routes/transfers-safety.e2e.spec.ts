import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import type { TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../kernel/aggregate.ts';
import { createCommandBus } from '../kernel/command-bus.ts';
import { runMoneyCommand } from '../services/idempotency.ts';
import { noStepUp, stageTransfer } from '../services/transfers.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { balances, customer, ledger, startMoneyBank, type Customer } from './money-test-helpers.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank(60_000);
});
afterAll(async () => {
  await bank.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const between = (c: Customer, amount: number | string, extra: Record<string, unknown> = {}) => ({
  fromAccount: c.checking.id,
  toAccount: c.savings.id,
  amount,
  ...extra,
});

/** Every posting event of the bank's log, for checks on the books themselves. */
async function postings() {
  const { rows } = await bank.pool.query<{
    stream_id: string;
    type: string;
    data: { accountId: string; amount: number; metadata?: { transfer_id?: string } };
    stream_version: number;
  }>(
    `SELECT stream_id, type, data, stream_version FROM events
     WHERE type IN ('AccountCredited', 'AccountDebited', 'FundsHeld', 'HoldReleased')
     ORDER BY global_position`,
  );
  return rows;
}

describe('exactly once', () => {
  it('answers a retry with the same Idempotency-Key with the first answer and moves money once', async () => {
    const c = await customer(bank, 'Idem Potent', 500);
    const headers = { 'idempotency-key': 'retry-1' };
    const first = await c.client.post('/api/transfers/between-accounts', between(c, 40), headers);
    const second = await c.client.post('/api/transfers/between-accounts', between(c, 40), headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 460, available: 460 });
    const recent = (await c.client.get('/api/transfers/recent')).body.data.transfers;
    expect(recent).toHaveLength(1);

    const reused = await c.client.post('/api/transfers/between-accounts', between(c, 41), headers);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 460, available: 460 });

    // The key belongs to the customer: another customer's same key is their own request.
    const other = await customer(bank, 'Other Keyholder', 100);
    const theirs = await other.client.post(
      '/api/transfers/between-accounts',
      between(other, 40),
      headers,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.transfer.id).not.toBe(first.body.data.transfer.id);
  });

  it('replays a retry that spells the same amount as text, and still refuses another amount', async () => {
    const c = await customer(bank, 'Text Amount Retrier', 500);
    const headers = { 'idempotency-key': 'spelled-twice' };
    const url = '/api/transfers/between-accounts';
    const first = await c.client.post(url, between(c, 5.11), headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await c.client.post(url, between(c, '5.11'), headers);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await c.client.post(url, between(c, '5.12'), headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balances(c, c.checking.id)).toEqual({ balance: 494.89, available: 494.89 });

    // A Zelle payment reads its form the same way.
    const zelle = (amount: number | string) => ({
      bank_account_id: c.checking.id,
      amount,
      recipient_name: 'Friend',
      recipient_email: 'text-amount-friend@example.com',
    });
    const zelleKey = { 'idempotency-key': 'zelle-spelled-twice' };
    const sent = await c.client.post('/api/zelle/send', zelle(20), zelleKey);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const resent = await c.client.post('/api/zelle/send', zelle('20.00'), zelleKey);
    expect(resent.status, JSON.stringify(resent.body)).toBe(201);
    expect(resent.body.data.transaction.id).toBe(sent.body.data.transaction.id);
    expect((await c.client.post('/api/zelle/send', zelle('21'), zelleKey)).status).toBe(422);
  });

  it('answers a retry with the first answer after the transfer moved on, from a small record', async () => {
    const c = await customer(bank, 'Kept Answer', 500);
    const headers = { 'idempotency-key': 'kept-answer-1' };
    const body = {
      fromAccount: c.checking.id,
      amount: 20.5,
      recipientName: 'Zoë Ångström 李',
      bankName: 'First National',
      accountNumber: '55554444',
      routingNumber: '021000021',
      memo: 'Rent — March ✓',
    };
    const first = await c.client.post('/api/transfers/external-bank', body, headers);
    expect(first.status).toBe(201);
    expect(first.body.data.transfer.status).toBe('pending');
    const transferId = first.body.data.transfer.id as string;
    // The transfer is cancelled and money moves after the first answer: a retry still gets the
    // first answer (pending, the balance available then), not the transfer as it is now.
    expect((await c.client.post(`/api/transfers/${transferId}/cancel`, {})).status).toBe(200);
    expect((await c.client.post('/api/transfers/between-accounts', between(c, 7))).status).toBe(
      201,
    );
    const again = await c.client.post('/api/transfers/external-bank', body, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);

    // The log keeps the transfer's id, the message and the balance left, not a copy of the answer.
    const { rows } = await bank.pool.query<{ data: { body: unknown; kept: unknown } }>(
      `SELECT data FROM events WHERE type = 'IdempotentRequestRecorded' AND data->>'customerId' = $1`,
      [c.id],
    );
    const kept = rows.map((r) => r.data).filter((d) => d.kept);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      body: null,
      kept: {
        kind: 'transfer',
        transferId,
        message: first.body.message,
        availableAfterCents: Math.round(
          first.body.data.transfer.from_account.available_balance * 100,
        ),
      },
    });
    expect(JSON.stringify(kept[0]).length).toBeLessThan(500);
  });

  it('runs 20 racing requests with one key once', async () => {
    const c = await customer(bank, 'Racing Retries', 500);
    const headers = { 'idempotency-key': 'race-key' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.client.post('/api/transfers/between-accounts', between(c, 25), headers),
      ),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(responses.map((r) => r.body.data.transfer.id)).size).toBe(1);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 475, available: 475 });
  });

  it('replays a key another process stored, though this process presumes fresh keys unused', async () => {
    const c = await customer(bank, 'Two Writers', 100);
    const identity = { customerId: c.id, key: 'stored-elsewhere', requestHash: 'same-request' };
    const work = (ctx: typeof bank.ctx) => (uow: UnitOfWork, now: Date) =>
      stageTransfer(
        ctx,
        uow,
        {
          customerId: c.id,
          fromAccountId: c.checking.id,
          amountCents: 10_00,
          memo: '',
          destination: { type: 'between-accounts', toAccountId: c.savings.id },
        },
        now,
        false,
        noStepUp,
      );
    const elsewhere = { ...bank.ctx, bus: createCommandBus(bank.store) };
    const here = { ...bank.ctx, bus: createCommandBus(bank.store, { soleWriter: true }) };
    const first = await runMoneyCommand(elsewhere, identity, { actor: 'test' }, work(elsewhere));
    const second = await runMoneyCommand(here, identity, { actor: 'test' }, work(here));
    expect(first.result.replayed).toBe(false);
    expect(second.result.replayed).toBe(true);
    expect(second.result.body).toEqual(first.result.body);
    const debits = (await postings()).filter(
      (e) => e.stream_id === `account-${c.checking.id}` && e.type === 'AccountDebited',
    );
    expect(debits).toHaveLength(1);
  });

  it('refuses an identical movement within 60 s without a key as DUPLICATE_TRANSACTION', async () => {
    const c = await customer(bank, 'Double Click', 500);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const first = await c.client.post('/api/transfers/between-accounts', between(c, 30));
    expect(first.status).toBe(201);
    const again = await c.client.post('/api/transfers/between-accounts', between(c, 30));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
      message: 'This transaction appears to be a duplicate. Please wait before trying again.',
    });
    // Another amount, or different keys, are different movements.
    expect((await c.client.post('/api/transfers/between-accounts', between(c, 31))).status).toBe(
      201,
    );
    const keyed = await Promise.all(
      ['k1', 'k2'].map((key) =>
        c.client.post('/api/transfers/between-accounts', between(c, 30), {
          'idempotency-key': key,
        }),
      ),
    );
    expect(keyed.map((r) => r.status)).toEqual([201, 201]);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await c.client.post('/api/transfers/between-accounts', between(c, 30))).status).toBe(
      201,
    );
    expect(await balances(c, c.checking.id)).toEqual({
      balance: 500 - 30 * 4 - 31,
      available: 349,
    });
  });

  it('sets up a schedule, a payment ahead or a Zelle request once when it is sent again without a key', async () => {
    const c = await customer(bank, 'Double Scheduler', 500);
    const payer = await customer(bank, 'Asked Once');
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const day = addDaysIso(bankToday(), 3);
    const payee = await c.client.post('/api/bill-payments/payees', {
      name: 'Harbor Rent',
      category: 'other',
      account_number: '44556677',
    });
    expect(payee.status).toBe(201);
    const requests: [string, Record<string, unknown>][] = [
      [
        '/api/transfers/scheduled',
        { ...between(c, 25), type: 'between-accounts', transferDate: day, frequency: 'monthly' },
      ],
      [
        '/api/bill-payments/schedule',
        {
          payee_id: payee.body.data.payee.id,
          from_account_id: c.checking.id,
          amount: 40,
          scheduled_date: day,
          is_recurring: true,
          recurring_frequency: 'monthly',
        },
      ],
      [
        '/api/zelle/request',
        {
          bank_account_id: c.checking.id,
          recipient_name: 'Asked Once',
          recipient_email: payer.email,
          amount: 12,
        },
      ],
      [
        '/api/zelle/split',
        {
          bank_account_id: c.checking.id,
          total_amount: 30,
          people: [{ name: 'Asked Once', contact: payer.phone }],
        },
      ],
    ];
    for (const [url, body] of requests) {
      // Sent four times at once, as a retrying client or a double click would.
      const answers = await Promise.all(Array.from({ length: 4 }, () => c.client.post(url, body)));
      expect(answers.map((a) => a.status).sort(), url).toEqual([201, 409, 409, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body, url).toMatchObject({
        code: 'DUPLICATE_TRANSACTION',
        message: 'This transaction appears to be a duplicate. Please wait before trying again.',
      });
      expect((await c.client.post(url, body)).status, url).toBe(409);
    }
    expect(
      (await c.client.get('/api/transfers/scheduled')).body.data.scheduled_transfers,
    ).toHaveLength(1);
    expect((await c.client.get('/api/bill-payments/scheduled')).body.data.payments).toHaveLength(1);
    payer.client.consistencyToken = c.client.consistencyToken;
    expect((await payer.client.get('/api/zelle/requests')).body.data.requests).toHaveLength(2);

    // Another amount is another request; a key names its own retries; a minute later it is new.
    const [url, body] = requests[0]!;
    expect((await c.client.post(url, { ...body, amount: 26 })).status).toBe(201);
    const keyed = await Promise.all(
      ['s1', 's2'].map((key) => c.client.post(url, body, { 'idempotency-key': key })),
    );
    expect(keyed.map((r) => r.status)).toEqual([201, 201]);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await c.client.post(url, body)).status).toBe(201);
  });

  it('replays a payment dated today when retried after the day moved on', async () => {
    const c = await customer(bank, 'Late Retrier', 500);
    const sam = await customer(bank, 'Dated Recipient');
    const headers = { 'idempotency-key': 'dated-today' };
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const request = {
      fromAccount: c.checking.id,
      amount: 20,
      recipientEmail: sam.email,
      transferDate: bankToday(),
    };
    const url = '/api/transfers/same-bank';
    const sent = await c.client.post(url, request, headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
    const again = await c.client.post(url, request, headers);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toEqual(sent.body);
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 480 });
  });

  it('replays a retry that writes the account ids in upper case', async () => {
    const c = await customer(bank, 'Shouting Client', 500);
    const headers = { 'idempotency-key': 'upper-case-uuid' };
    const url = '/api/transfers/between-accounts';
    const request = between(c, 30);
    const sent = await c.client.post(url, request, headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const shouted = {
      ...request,
      fromAccount: c.checking.id.toUpperCase(),
      toAccount: ` ${c.savings.id.toUpperCase()} `,
      amount: '30.00',
    };
    const again = await c.client.post(url, shouted, headers);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toEqual(sent.body);
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 470 });
  });
});

describe('repeat', () => {
  it('repeats a transfer with the same details, optionally another amount, through every rule', async () => {
    const c = await customer(bank, 'Re Peat', 300);
    const original = await c.client.post(
      '/api/transfers/between-accounts',
      between(c, 50, { memo: 'Savings plan' }),
    );
    const id = original.body.data.transfer.id;
    const again = await c.client.post(`/api/transfers/${id}/repeat`, { amount: 60 });
    expect(again.status).toBe(201);
    expect(again.body.data.transfer).toMatchObject({
      type: 'between-accounts',
      amount: 60,
      memo: 'Savings plan',
      to_account: { id: c.savings.id },
    });
    const same = await c.client.post(
      `/api/transfers/${id}/repeat`,
      {},
      { 'idempotency-key': 'r1' },
    );
    expect(same.body.data.transfer.amount).toBe(50);
    const tooMuch = await c.client.post(`/api/transfers/${id}/repeat`, { amount: 1000 });
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    const tooSmall = await c.client.post(`/api/transfers/${id}/repeat`, { amount: 1 });
    expect(tooSmall.body.errors.amount).toEqual(['Please enter an amount of at least $5.00']);
    const recent = (await c.client.get('/api/transfers/recent?limit=10')).body.data.transfers;
    expect(recent.map((t: { amount: number }) => t.amount)).toEqual([50, 60, 50]);
    expect(recent[0].repeat_of).toBe(id);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 140, available: 140 });
  });

  it('repeats an external transfer to the same (encrypted) account', async () => {
    const c = await customer(bank, 'Ext Repeat', 300);
    const original = await c.client.post('/api/transfers/external-bank', {
      fromAccount: c.checking.id,
      amount: 20,
      recipientName: 'Alex Kim',
      bankName: 'First National',
      accountNumber: '55554444',
      routingNumber: '021000021',
    });
    const again = await c.client.post(`/api/transfers/${original.body.data.transfer.id}/repeat`, {
      amount: 25,
    });
    expect(again.status).toBe(201);
    expect(again.body.data.transfer).toMatchObject({
      type: 'external-bank',
      recipient_account: '****4444',
      amount: 25,
      fee: 3,
    });
    const { rows } = await bank.pool.query(
      `SELECT data::text AS data FROM events WHERE type = 'TransferInitiated' AND data->>'customerId' = $1`,
      [c.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.data).not.toContain('55554444');
  });
});

describe('ownership', () => {
  it("never moves money from, to, or shows another customer's accounts and transfers", async () => {
    const owner = await customer(bank, 'Account Owner', 500);
    const thief = await customer(bank, 'Not Owner', 500);
    const own = await owner.client.post('/api/transfers/between-accounts', between(owner, 10));
    const attempts = [
      [
        '/api/transfers/between-accounts',
        { fromAccount: owner.checking.id, toAccount: thief.checking.id, amount: 10 },
      ],
      [
        '/api/transfers/between-accounts',
        { fromAccount: thief.checking.id, toAccount: owner.savings.id, amount: 10 },
      ],
      [
        '/api/transfers/same-bank',
        { fromAccount: owner.checking.id, amount: 10, recipientEmail: thief.email },
      ],
      [
        '/api/transfers/external-bank',
        {
          fromAccount: owner.checking.id,
          amount: 10,
          recipientName: 'X',
          bankName: 'Y',
          accountNumber: '12345678',
          routingNumber: '021000021',
        },
      ],
      [
        '/api/wire-transfers/sepa',
        {
          fromAccount: owner.checking.id,
          amount: 10,
          recipientName: 'X',
          iban: 'DE89370400440532013000',
          bankName: 'Y',
          country: 'DE',
          purposeOfPayment: 'OTHR',
        },
      ],
      [
        '/api/transfers/between-accounts',
        { fromAccount: 'not-a-uuid', toAccount: thief.savings.id, amount: 10 },
      ],
      [`/api/transfers/${own.body.data.transfer.id}/repeat`, {}],
      [
        '/api/zelle/send',
        {
          bank_account_id: owner.checking.id,
          amount: 10,
          recipient_name: 'T',
          recipient_email: thief.email,
        },
      ],
    ] as const;
    for (const [url, body] of attempts) {
      const response = await thief.client.post(url, body);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({
        status: 'error',
        message: 'The requested resource was not found.',
        code: 'NOT_FOUND',
      });
    }
    await bank.runner.catchUp();
    expect(await balances(owner, owner.checking.id)).toEqual({ balance: 490, available: 490 });
    expect(await balances(thief, thief.checking.id)).toEqual({ balance: 500, available: 500 });
    expect((await thief.client.get('/api/transfers/recent')).body.data.transfers).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    const anonymous = await customer(bank, 'Signed Out');
    anonymous.client.token = undefined;
    expect((await anonymous.client.post('/api/transfers/between-accounts', {})).status).toBe(401);
    expect((await anonymous.client.get('/api/transfers/recent')).status).toBe(401);
    expect((await anonymous.client.get('/api/transfers/limits')).status).toBe(401);
  });
});

describe('limits', () => {
  it('returns each type with what is left today, and refuses past the daily limit', async () => {
    const c = await customer(bank, 'Limit Tester', 60_000);
    const sam = await customer(bank, 'Limit Recipient');
    let limits = (await c.client.get('/api/transfers/limits')).body.data;
    expect(limits.time_zone).toBe('America/New_York');
    expect(limits.limits['same-bank']).toMatchObject({
      daily_limit: 10_000,
      used_today: 0,
      remaining_today: 10_000,
      monthly_limit: 50_000,
      used_this_month: 0,
      remaining_this_month: 50_000,
      fee: 0,
      minimum_amount: 5,
    });
    expect(limits.limits['external-bank']).toMatchObject({
      daily_limit: 5000,
      monthly_limit: 20_000,
      fee: 3,
    });
    expect(limits.limits.sepa).toMatchObject({ daily_limit: 10_000, fee: 15, currency: 'EUR' });
    const send = (amount: number) =>
      c.client.post('/api/transfers/same-bank', {
        fromAccount: c.checking.id,
        amount,
        recipientEmail: sam.email,
      });
    expect((await send(9_000)).status).toBe(201);
    const over = await send(1_000.01);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: 'You have exceeded your daily transaction limit.',
    });
    expect((await send(1_000)).status).toBe(201);
    limits = (await c.client.get('/api/transfers/limits')).body.data;
    expect(limits.limits['same-bank']).toMatchObject({ used_today: 10_000, remaining_today: 0 });
    // Other types have their own limits.
    expect(limits.limits['between-accounts'].used_today).toBe(0);
  });

  it('starts a new day at midnight in New York, not in UTC', async () => {
    const c = await customer(bank, 'Night Owl', 30_000);
    const sam = await customer(bank, 'Midnight Recipient');
    const send = (amount: number) =>
      c.client.post('/api/transfers/same-bank', {
        fromAccount: c.checking.id,
        amount,
        recipientEmail: sam.email,
      });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    // 23:58 on 23 Nov 2026 in New York is 04:58 UTC on the 24th: already "tomorrow" in UTC.
    vi.setSystemTime(new Date('2026-11-24T04:58:00Z'));
    expect((await send(10_000)).status).toBe(201);
    expect((await send(5)).body.code).toBe('DAILY_LIMIT_EXCEEDED');
    let limits = (await c.client.get('/api/transfers/limits')).body.data;
    expect(limits.business_date).toBe('2026-11-23');
    expect(limits.limits['same-bank'].remaining_today).toBe(0);
    // 00:01 on the 24th in New York.
    vi.setSystemTime(new Date('2026-11-24T05:01:00Z'));
    expect((await send(5)).status).toBe(201);
    limits = (await c.client.get('/api/transfers/limits')).body.data;
    expect(limits.business_date).toBe('2026-11-24');
    expect(limits.limits['same-bank']).toMatchObject({ used_today: 5, remaining_today: 9_995 });
  });
});

describe('concurrency', () => {
  it('runs 200 concurrent transfers from one account: never overdrawn, books balanced, one debit and one credit each', async () => {
    const c = await customer(bank, 'Busy Account', 1000);
    const sam = await customer(bank, 'Busy Recipient');
    const initialTotal = 1000;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        c.client.post(
          i % 2 === 0 ? '/api/transfers/between-accounts' : '/api/transfers/same-bank',
          i % 2 === 0
            ? between(c, 7)
            : { fromAccount: c.checking.id, amount: 7, recipientEmail: sam.email },
          { 'idempotency-key': `load-${i}` },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const succeeded = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(succeeded).toHaveLength(Math.floor(1000 / 7));
    expect(new Set(refused.map((r) => r.body.code))).toEqual(new Set(['INSUFFICIENT_FUNDS']));

    await bank.runner.catchUp();
    const checking = await balances(c, c.checking.id);
    expect(checking.balance).toBe(Number((1000 - 7 * succeeded.length).toFixed(2)));
    expect(checking.balance).toBeGreaterThanOrEqual(0);
    const savings = await balances(c, c.savings.id);
    sam.client.consistencyToken = c.client.consistencyToken;
    const received = await balances(sam, sam.checking.id);
    expect(Math.round((checking.balance + savings.balance + received.balance) * 100)).toBe(
      initialTotal * 100,
    );
    expect((await ledger(bank)).balanced).toBe(true);

    // The log itself: the balance never went below zero, and each transfer has one debit and one credit.
    const events = await postings();
    let running = 0;
    for (const e of events.filter((e) => e.stream_id === `account-${c.checking.id}`)) {
      running +=
        e.type === 'AccountCredited'
          ? e.data.amount
          : e.type === 'AccountDebited'
            ? -e.data.amount
            : 0;
      expect(running).toBeGreaterThanOrEqual(0);
    }
    for (const r of succeeded) {
      const id = r.body.data.transfer.id;
      const legs = events.filter((e) => e.data.metadata?.transfer_id === id);
      expect(legs.map((e) => e.type).sort()).toEqual(['AccountCredited', 'AccountDebited']);
      expect(legs[0]!.data.amount).toBe(700);
    }
  }, 120_000);

  it('lets many customers pay one popular recipient at once: none is turned away as busy, and the recipient can spend exactly what arrived', async () => {
    const payee = await customer(bank, 'Popular Payee');
    const payers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => customer(bank, `Payer ${i}`, 50)),
    );
    // The recipient's account is busy too: it spends while the payments arrive.
    const responses = await Promise.all(
      payers.flatMap((p, i) => [
        p.client.post(
          '/api/transfers/same-bank',
          { fromAccount: p.checking.id, amount: (500 + i) / 100, recipientEmail: payee.email },
          { 'idempotency-key': `popular-${i}` },
        ),
      ]),
    );
    expect(responses.map((r) => r.body.code ?? r.status)).toEqual(responses.map(() => 201));
    const arrivedCents = payers.reduce((sum, _, i) => sum + 500 + i, 0);

    // What the recipient's next command decides on must include every credit, though no credit
    // waited for the account's version: spending one cent more than arrived is refused...
    const tooMuch = await payee.client.post('/api/transfers/between-accounts', {
      fromAccount: payee.checking.id,
      toAccount: payee.savings.id,
      amount: (arrivedCents + 1) / 100,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    // ...and spending all of it is not.
    const all = await payee.client.post('/api/transfers/between-accounts', {
      fromAccount: payee.checking.id,
      toAccount: payee.savings.id,
      amount: arrivedCents / 100,
    });
    expect(all.status).toBe(201);
    expect(await balances(payee, payee.checking.id)).toEqual({ balance: 0, available: 0 });
    expect(await balances(payee, payee.savings.id)).toEqual({
      balance: arrivedCents / 100,
      available: arrivedCents / 100,
    });
    expect((await ledger(bank)).balanced).toBe(true);
  }, 120_000);

  it('never makes payments into one account conflict: credits do not wait for its version', async () => {
    const payee = await customer(bank, 'Conflict Free Payee');
    const payers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => customer(bank, `Racing Payer ${i}`, 50)),
    );
    // One attempt only: a command that met a conflict would fail instead of retrying.
    const bus = createCommandBus(bank.store, { maxAttempts: 1 });
    const ctx = { ...bank.ctx, bus };
    const outcomes = await Promise.allSettled(
      payers.map((p) =>
        bus.execute({ actor: 'test' }, (uow) =>
          stageTransfer(
            ctx,
            uow,
            {
              customerId: p.id,
              fromAccountId: p.checking.id,
              amountCents: 5_00,
              memo: '',
              destination: {
                type: 'same-bank',
                contact: { kind: 'email', value: payee.email },
                contactField: 'recipientEmail',
              },
            },
            new Date(),
            false,
            noStepUp,
          ),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(payers.map(() => 'fulfilled'));
    const credits = (await postings()).filter(
      (e) => e.stream_id === `account-${payee.checking.id}` && e.type === 'AccountCredited',
    );
    expect(credits).toHaveLength(12);
  }, 120_000);

  it('stays exact with optimistic concurrency alone: two command processes racing on one account', async () => {
    const c = await customer(bank, 'Two Processes', 500);
    // Two buses with their own state caches, as two API processes would have, and no in-process
    // queue: every conflict is caught by the expected-version check of the append.
    const contexts = [0, 1].map(() => ({ ...bank.ctx, bus: createCommandBus(bank.store) }));
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const ctx = contexts[i % 2]!;
        return ctx.bus
          .execute({ actor: 'test' }, (uow) =>
            stageTransfer(
              ctx,
              uow,
              {
                customerId: c.id,
                fromAccountId: c.checking.id,
                amountCents: 7_00,
                memo: '',
                destination: { type: 'between-accounts', toAccountId: c.savings.id },
              },
              new Date(),
              false,
              noStepUp,
            ),
          )
          .then(
            () => 'moved',
            (error: unknown) =>
              error instanceof DomainError ? error.reason : (error as Error).constructor.name,
          );
      }),
    );
    const moved = outcomes.filter((o) => o === 'moved').length;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(71);
    expect(
      outcomes.every((o) => ['moved', 'insufficient_funds', 'TooMuchContentionError'].includes(o)),
    ).toBe(true);
    const events = (await postings()).filter((e) => e.stream_id === `account-${c.checking.id}`);
    let running = 0;
    for (const e of events) {
      running += e.type === 'AccountCredited' ? e.data.amount : -e.data.amount;
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(500_00 - moved * 7_00);
    expect(events.filter((e) => e.type === 'AccountDebited')).toHaveLength(moved);
    const credits = (await postings()).filter(
      (e) => e.stream_id === `account-${c.savings.id}` && e.type === 'AccountCredited',
    );
    expect(credits).toHaveLength(moved);
    expect((await ledger(bank)).balanced).toBe(true);
  }, 60_000);
});
