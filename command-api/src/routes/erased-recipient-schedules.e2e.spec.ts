import { RECIPIENT_MESSAGES } from '@bank/contracts';
import type { TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scheduleBookAggregate } from '../domain/schedule-book.ts';
import { scheduleBookStream } from '../domain/transfers/schedule-book.ts';
import { foldRecorded } from '../kernel/aggregate.ts';
import {
  runScheduledTransfer,
  scheduleClock,
  scheduleStream,
  SCHEDULES_TO_RECIPIENT_SQL,
} from '../services/scheduled-transfers.ts';
import {
  balances,
  customer,
  expectRebuildEqualsLive,
  opsClient,
  seeingTheLog,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/**
 * A customer's scheduled transfers to another customer of the bank, once that customer is erased:
 * stopped by the erasure itself, the payer told without the erased customer being named, and the
 * payer's list keeping no name or contact of theirs.
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

const FUTURE_NOW = new Date('2031-01-10T17:00:00Z');

const erase = (accountNumber: string) =>
  opsClient(bank).post('/api/ops/customers/erase', { account_number: accountNumber });

function schedule(payer: Customer, body: Record<string, unknown>) {
  return payer.client.post('/api/transfers/scheduled', {
    fromAccount: payer.checking.id,
    transferDate: '2031-02-01',
    ...body,
  });
}

const toCustomer = (recipient: Customer, body: Record<string, unknown> = {}) => ({
  type: 'same-bank',
  recipientEmail: recipient.email,
  amount: 20,
  ...body,
});

async function listed(c: Customer) {
  await seeingTheLog(bank, [c]);
  const response = await c.client.get('/api/transfers/scheduled');
  expect(response.status).toBe(200);
  return response.body.data.scheduled_transfers as Record<string, unknown>[];
}

async function notices(c: Customer) {
  await seeingTheLog(bank, [c]);
  const response = await c.client.get('/api/notifications?type=transfer');
  return response.body.data.notifications as Record<string, unknown>[];
}

const booked = async (c: Customer) =>
  foldRecorded(scheduleBookAggregate, await bank.store.readStream(scheduleBookStream(c.id))).size;

describe('scheduled transfers to a customer who is then erased', () => {
  it('are stopped by the erasure, and the payer is told without the erased customer being named', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const payer = await customer(bank, 'Mona Payer', 500);
    const erin = await customer(bank, 'Erin Erasedsoon');
    const other = await customer(bank, 'Otto Stays');
    const monthly = await schedule(payer, toCustomer(erin, { frequency: 'monthly' }));
    expect(monthly.status, JSON.stringify(monthly.body)).toBe(201);
    const once = await schedule(
      payer,
      toCustomer(erin, { amount: 35, transferDate: '2031-03-05' }),
    );
    expect(once.status, JSON.stringify(once.body)).toBe(201);
    const kept = await schedule(payer, toCustomer(other));
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const ids = {
      monthly: monthly.body.data.scheduled_transfer.id as string,
      once: once.body.data.scheduled_transfer.id as string,
      kept: kept.body.data.scheduled_transfer.id as string,
    };
    expect(await booked(payer)).toBe(3);

    const erased = await erase(erin.checking.account_number);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    const list = await listed(payer);
    const byId = (id: string) => list.find((s) => s.id === id);
    for (const id of [ids.monthly, ids.once]) {
      expect(byId(id)).toMatchObject({
        status: 'stopped',
        next_date: null,
        recipient_name: '[erased]',
        recipient_detail: null,
      });
    }
    expect(byId(ids.kept)).toMatchObject({
      status: 'active',
      recipient_name: other.name,
      recipient_detail: other.email,
    });
    const shown = JSON.stringify(list);
    expect(shown).not.toContain('Erin');
    expect(shown).not.toContain(erin.email);

    const told = await notices(payer);
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Scheduled transfer stopped',
          message:
            'Your scheduled transfer of $20.00, next due Feb 1, 2031, has been stopped: its recipient can no longer receive transfers at this bank. No further transfers will be made.',
          priority: 'high',
        }),
        expect.objectContaining({
          title: 'Scheduled transfer stopped',
          message:
            'Your scheduled transfer of $35.00, next due Mar 5, 2031, has been stopped: its recipient can no longer receive transfers at this bank. No further transfers will be made.',
        }),
      ]),
    );
    expect(told).toHaveLength(2);
    expect(JSON.stringify(told)).not.toContain('Erin');

    // Nothing is left to run, nor to cancel; the payer's book counts only the schedule kept.
    expect(await runScheduledTransfer(bank.ctx, ids.monthly, '2031-02-01')).toBe('not_due');
    expect(await balances(payer, payer.checking.id)).toEqual({ balance: 500, available: 500 });
    expect((await payer.client.delete(`/api/transfers/scheduled/${ids.monthly}`)).status).toBe(422);
    expect(await booked(payer)).toBe(1);

    // The log says it, once per schedule; asked again, the erasure stops nothing more.
    const { rows } = await bank.ownerPool.query<{ stream_id: string; reason: string }>(
      `SELECT stream_id, data->>'reason' AS reason FROM events
        WHERE type = 'TransferScheduleStopped' AND stream_id = ANY($1) ORDER BY stream_id`,
      [[ids.monthly, ids.once, ids.kept].map(scheduleStream)],
    );
    expect(rows).toEqual(
      [ids.monthly, ids.once]
        .map((id) => ({ stream_id: scheduleStream(id), reason: 'recipient_erased' }))
        .sort((a, b) => a.stream_id.localeCompare(b.stream_id)),
    );
    expect((await erase(erin.checking.account_number)).status).toBe(422);
    expect(await notices(payer)).toHaveLength(2);

    await expectRebuildEqualsLive(bank, ['scheduled-transfers', 'notifications']);
  });

  it('refuses one decided before the erasure that reaches the log after it', async () => {
    scheduleClock.now = () => FUTURE_NOW;
    const payer = await customer(bank, 'Late Payer', 100);
    const erin = await customer(bank, 'Erin Erasing');
    // The schedule's append waits while the whole erasure runs: the schedule was decided on the
    // recipient as they were before, a customer with an open account.
    const append = bank.store.append;
    let erased: Awaited<ReturnType<typeof erase>> | undefined;
    bank.store.append = async (...args: Parameters<typeof append>) => {
      const scheduling = args[0].some((a) => a.events.some((e) => e.type === 'TransferScheduled'));
      if (scheduling && !erased) erased = await erase(erin.checking.account_number);
      return append.apply(bank.store, args);
    };
    try {
      const scheduled = await schedule(payer, toCustomer(erin));
      expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(422);
      expect(scheduled.body).toMatchObject({
        errors: { recipientEmail: [RECIPIENT_MESSAGES.notFound] },
      });
    } finally {
      bank.store.append = append;
    }
    expect(await listed(payer)).toEqual([]);
    expect(await booked(payer)).toBe(0);
  });

  it('finds the schedules paying a customer through the index on their recipient', async () => {
    const client = await bank.ownerPool.connect();
    try {
      await client.query('BEGIN; SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${SCHEDULES_TO_RECIPIENT_SQL}`,
        ['00000000-0000-4000-8000-000000000000'],
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(
        'events_transfer_schedule_recipient',
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
