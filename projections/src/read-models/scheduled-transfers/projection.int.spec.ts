import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { scheduledTransfersProjection } from './projection.ts';
import { listScheduledTransfers } from './readers.ts';

const { givenEvents } = projectionTest(scheduledTransfersProjection, { sharedDatabase: true });

const customerId = randomUUID();
const fromAccountId = randomUUID();
const toAccountId = randomUUID();
const monthly = { frequency: 'monthly' as const, endDate: null, count: 3 };

const scheduled = (scheduleId: string, destination: 'own' | 'external') => ({
  type: 'TransferScheduled' as const,
  data: {
    customerId,
    scheduleId,
    destination:
      destination === 'own'
        ? { type: 'between-accounts' as const, toAccountId, toAccountName: 'Savings' }
        : {
            type: 'external-bank' as const,
            recipientName: 'Dana Whitfield',
            bankName: 'First Lakeside Bank',
            accountEncrypted: 'sealed',
            accountLast4: '6789',
            routingNumber: '021000021',
          },
    fromAccountId,
    amountCents: 250_00,
    memo: 'Rent',
    startDate: '2025-02-01',
    recurrence: monthly,
    nextDate: '2025-02-01',
  },
});

describe('scheduled-transfers projection', () => {
  it('lists a schedule with its recipient, then counts its runs until the last one completes it', async () => {
    const rent = randomUUID();
    const savings = randomUUID();
    await givenEvents([
      scheduled(rent, 'external'),
      scheduled(savings, 'own'),
      {
        type: 'ScheduledTransferRan',
        data: {
          customerId,
          scheduleId: rent,
          date: '2025-02-01',
          transferId: randomUUID(),
          reference: 'TRF-1',
          amountCents: 250_00,
          nextDate: '2025-03-01',
        },
      },
      {
        type: 'ScheduledTransferFailed',
        data: {
          customerId,
          scheduleId: rent,
          date: '2025-03-01',
          reason: 'Insufficient funds',
          nextDate: '2025-04-01',
        },
      },
      {
        type: 'ScheduledTransferRan',
        data: {
          customerId,
          scheduleId: savings,
          date: '2025-02-01',
          transferId: randomUUID(),
          reference: 'TRF-2',
          amountCents: 250_00,
          nextDate: null,
        },
      },
    ]).thenRows('rm_scheduled_transfers', [
      {
        schedule_id: rent,
        type: 'external-bank',
        to_account_id: null,
        recipient_name: 'Dana Whitfield',
        recipient_detail: 'First Lakeside Bank ****6789',
        amount_cents: 250_00,
        start_date: '2025-02-01',
        frequency: 'monthly',
        end_count: 3,
        next_date: '2025-04-01',
        runs: 2,
        status: 'active',
        last_run_date: '2025-03-01',
        last_run_status: 'failed',
        last_reference: null,
        last_failure: 'Insufficient funds',
      },
      {
        schedule_id: savings,
        type: 'between-accounts',
        to_account_id: toAccountId,
        recipient_name: 'Savings',
        recipient_detail: null,
        amount_cents: 250_00,
        start_date: '2025-02-01',
        frequency: 'monthly',
        end_count: 3,
        next_date: null,
        runs: 1,
        status: 'completed',
        last_run_date: '2025-02-01',
        last_run_status: 'completed',
        last_reference: 'TRF-2',
        last_failure: null,
      },
    ]);
  });

  it('shows a schedule stopped at a refused run as stopped, not completed, with why', async () => {
    const stopped = randomUUID();
    const lastOne = randomUUID();
    await givenEvents([
      scheduled(stopped, 'external'),
      scheduled(lastOne, 'own'),
      {
        type: 'ScheduledTransferFailed',
        data: {
          customerId,
          scheduleId: stopped,
          date: '2025-02-01',
          reason: 'The account is no longer available.',
          nextDate: null,
          stopped: true,
        },
      },
      // A refused last occurrence ends the plan as its last run would: completed.
      {
        type: 'ScheduledTransferFailed',
        data: {
          customerId,
          scheduleId: lastOne,
          date: '2025-02-01',
          reason: 'Insufficient funds',
          nextDate: null,
        },
      },
    ]).thenRows('rm_scheduled_transfers', [
      {
        schedule_id: stopped,
        next_date: null,
        runs: 1,
        status: 'stopped',
        last_run_date: '2025-02-01',
        last_run_status: 'failed',
        last_failure: 'The account is no longer available.',
      },
      {
        schedule_id: lastOne,
        next_date: null,
        runs: 1,
        status: 'completed',
        last_run_date: '2025-02-01',
        last_run_status: 'failed',
        last_failure: 'Insufficient funds',
      },
    ]);
  });

  it('takes a changed plan as a new start, and a cancelled schedule has no next date', async () => {
    const changed = randomUUID();
    const cancelled = randomUUID();
    await givenEvents([
      scheduled(changed, 'own'),
      scheduled(cancelled, 'own'),
      {
        type: 'ScheduledTransferRan',
        data: {
          customerId,
          scheduleId: changed,
          date: '2025-02-01',
          transferId: randomUUID(),
          reference: 'TRF-3',
          amountCents: 250_00,
          nextDate: '2025-03-01',
        },
      },
      {
        type: 'TransferScheduleChanged',
        data: {
          customerId,
          scheduleId: changed,
          fromAccountId,
          amountCents: 300_00,
          memo: 'More',
          startDate: '2025-03-15',
          recurrence: { frequency: 'weekly', endDate: '2025-06-30', count: null },
          nextDate: '2025-03-15',
        },
      },
      { type: 'TransferScheduleCancelled', data: { customerId, scheduleId: cancelled } },
    ]).thenRows('rm_scheduled_transfers', [
      {
        schedule_id: changed,
        amount_cents: 300_00,
        memo: 'More',
        start_date: '2025-03-15',
        frequency: 'weekly',
        end_date: '2025-06-30',
        end_count: null,
        next_date: '2025-03-15',
        runs: 0,
        status: 'active',
        updated_at: '2025-01-01T00:00:03.000Z',
      },
      {
        schedule_id: cancelled,
        amount_cents: 250_00,
        memo: 'Rent',
        start_date: '2025-02-01',
        frequency: 'monthly',
        end_date: null,
        end_count: 3,
        next_date: null,
        runs: 0,
        status: 'cancelled',
        updated_at: '2025-01-01T00:00:04.000Z',
      },
    ]);
  });

  it('blanks what an erased customer wrote and named, but not their own account’s name', async () => {
    const own = randomUUID();
    const external = randomUUID();
    await givenEvents([
      scheduled(own, 'own'),
      scheduled(external, 'external'),
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_scheduled_transfers', [
      { schedule_id: own, memo: ERASED, recipient_name: 'Savings', recipient_detail: null },
      { schedule_id: external, memo: ERASED, recipient_name: ERASED, recipient_detail: ERASED },
    ]);
  });

  it('lists every active schedule, however many, and the latest 200 that ended', async () => {
    const active = Array.from({ length: 210 }, () => randomUUID());
    const ended = Array.from({ length: 205 }, () => randomUUID());
    const scenario = givenEvents([
      ...active.map((id) => scheduled(id, 'own')),
      ...ended.flatMap((scheduleId) => [
        scheduled(scheduleId, 'own'),
        { type: 'TransferScheduleCancelled' as const, data: { customerId, scheduleId } },
      ]),
    ]);
    const listed = await listScheduledTransfers(await scenario.pool(), customerId);
    const statuses = listed.map((row) => row.status);
    expect(statuses.filter((status) => status === 'active')).toHaveLength(210);
    expect(statuses.filter((status) => status === 'cancelled')).toHaveLength(200);
    // The active ones first, so a cut never hides one the customer would want to cancel.
    expect(statuses.slice(0, 210).every((status) => status === 'active')).toBe(true);
    expect(new Set(listed.map((row) => row.schedule_id))).toEqual(
      new Set([...active, ...ended.slice(-200)]),
    );
  });
});
