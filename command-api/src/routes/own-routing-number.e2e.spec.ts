import { BANK_ROUTING_NUMBER, OWN_ROUTING_NUMBER_MESSAGE } from '@bank/contracts';
import type { TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveRecipient } from '../services/saved-recipients.ts';
import {
  runScheduledTransfer,
  scheduleClock,
  scheduleTransfer,
} from '../services/scheduled-transfers.ts';
import { noStepUp, submitTransfer } from '../services/transfers.ts';
import {
  balances,
  customer,
  expectScheduleStopped,
  scheduledJob,
  seeingTheLog,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/**
 * A transfer "to another bank" naming this bank's own routing number, as a customer paying a
 * friend who banks here types it from the friend's account details: refused on the routing
 * number, with nothing appended and no balance changed, whichever way it comes (typed, a wire, a
 * schedule, an address book entry, a repeat, or a schedule or entry made before the rule).
 */
let bank: TestBank;
beforeAll(async () => {
  // External transfers stay pending for the whole file: nothing settles behind the test's back.
  bank = await startMoneyBank(3_600_000);
});
afterAll(async () => {
  await bank.stop();
});
afterEach(() => {
  scheduleClock.now = () => new Date();
});

const FUTURE_NOW = new Date('2031-01-10T17:00:00Z');

/**
 * The bank as it was before this rule: the same bank, its own routing number not yet refused.
 * Stands in for transfers, schedules and saved recipients already in the log.
 */
const beforeTheRule = () => ({ ...bank.ctx, routingNumber: 'not-yet-refused' });

async function lastPosition(): Promise<string> {
  const { rows } = await bank.ownerPool.query<{ head: string | null }>(
    'SELECT max(global_position)::text AS head FROM events',
  );
  return rows[0]!.head ?? '0';
}

/** The friend who banks here and the customer paying them, with what both accounts show. */
async function payerAndFriend(name: string) {
  const payer = await customer(bank, name, 500);
  const friend = await customer(bank, `${name} Friend`);
  return { payer, friend };
}

async function figures(...accounts: [Customer, string][]) {
  return Promise.all(accounts.map(([c, id]) => balances(c, id)));
}

function refusedOnRouting(response: { status: number; body: Record<string, unknown> }) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body).toMatchObject({
    status: 'error',
    message: OWN_ROUTING_NUMBER_MESSAGE,
    errors: { routingNumber: [OWN_ROUTING_NUMBER_MESSAGE] },
  });
}

const toFriend = (payer: Customer, friend: Customer) => ({
  fromAccount: payer.checking.id,
  amount: '50',
  recipientName: 'Friend',
  bankName: 'Harborview Community Bank',
  accountNumber: friend.checking.account_number,
  routingNumber: BANK_ROUTING_NUMBER,
  accountType: 'checking',
  memo: 'rent',
});

describe("this bank's own routing number as another bank's", () => {
  it('refuses an external transfer, a domestic wire, a schedule and a saved recipient', async () => {
    const { payer, friend } = await payerAndFriend('Own Routing Payer');
    const accounts: [Customer, string][] = [
      [payer, payer.checking.id],
      [payer, payer.savings.id],
      [friend, friend.checking.id],
    ];
    const before = await figures(...accounts);
    const head = await lastPosition();

    refusedOnRouting(
      await payer.client.post('/api/transfers/external-bank', toFriend(payer, friend)),
    );
    // The customer's own savings account, typed as if at another bank: the same.
    refusedOnRouting(
      await payer.client.post('/api/transfers/external-bank', {
        ...toFriend(payer, friend),
        accountNumber: payer.savings.account_number,
      }),
    );
    refusedOnRouting(
      await payer.client.post('/api/wire-transfers/domestic', {
        ...toFriend(payer, friend),
        recipientAddress: '1 Harbor St, Harborview, ME',
        purposeOfPayment: 'family_support',
      }),
    );
    scheduleClock.now = () => FUTURE_NOW;
    refusedOnRouting(
      await payer.client.post('/api/transfers/scheduled', {
        ...toFriend(payer, friend),
        type: 'external-bank',
        transferDate: '2031-02-03',
        frequency: 'monthly',
      }),
    );
    refusedOnRouting(
      await payer.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname: 'Friend',
        recipientName: 'Friend',
        bankName: 'Harborview Community Bank',
        accountNumber: friend.checking.account_number,
        routingNumber: BANK_ROUTING_NUMBER,
      }),
    );

    expect(await lastPosition()).toBe(head);
    expect(await figures(...accounts)).toEqual(before);
  });

  it('refuses to repeat a transfer that went out with it, and to pay a recipient saved with it', async () => {
    const { payer, friend } = await payerAndFriend('Own Routing Repeater');
    const old = beforeTheRule();
    const destination = {
      type: 'external-bank' as const,
      recipientName: 'Friend',
      bankName: 'Harborview Community Bank',
      accountNumber: friend.checking.account_number,
      routingNumber: BANK_ROUTING_NUMBER,
    };
    const sent = await submitTransfer(
      old,
      {
        customerId: payer.id,
        fromAccountId: payer.checking.id,
        amountCents: 50_00,
        memo: 'rent',
        destination,
      },
      noStepUp,
      { customerId: payer.id, key: 'sent-before-the-rule', requestHash: 'before-the-rule' },
      { actor: 'test' },
    );
    const transferId = (sent.result.body as { data: { transfer: { id: string } } }).data.transfer
      .id;
    const saved = await saveRecipient(
      old,
      payer.id,
      { nickname: 'Friend', destination },
      { actor: 'test' },
    );
    await seeingTheLog(bank, [payer, friend]);

    const accounts: [Customer, string][] = [
      [payer, payer.checking.id],
      [friend, friend.checking.id],
    ];
    const before = await figures(...accounts);
    // The transfer made before the rule held $53 (the amount and the fee) and reached no one.
    expect(before[0]).toEqual({ balance: 500, available: 447 });
    const head = await lastPosition();

    refusedOnRouting(await payer.client.post(`/api/transfers/${transferId}/repeat`, {}));
    refusedOnRouting(
      await payer.client.post('/api/transfers/external-bank', {
        fromAccount: payer.checking.id,
        amount: '50',
        savedRecipientId: saved.result.id,
      }),
    );

    expect(await lastPosition()).toBe(head);
    expect(await figures(...accounts)).toEqual(before);
  });

  it('fails and stops a monthly schedule made with it before the rule: nothing moves, no job runs it again, the customer is told', async () => {
    const { payer, friend } = await payerAndFriend('Own Routing Scheduler');
    scheduleClock.now = () => FUTURE_NOW;
    const created = await scheduleTransfer(
      beforeTheRule(),
      {
        customerId: payer.id,
        plan: {
          fromAccountId: payer.checking.id,
          amountCents: 50_00,
          memo: 'rent',
          startDate: '2031-02-03',
          recurrence: { frequency: 'monthly', endDate: null, count: null },
        },
        destination: {
          type: 'external-bank',
          recipientName: 'Friend',
          bankName: 'Harborview Community Bank',
          accountNumber: friend.checking.account_number,
          routingNumber: BANK_ROUTING_NUMBER,
        },
        requireStepUp: noStepUp,
      },
      { customerId: payer.id, key: 'scheduled-before-the-rule', requestHash: 'before-the-rule' },
      { actor: 'test' },
    );
    const scheduleId = (created.result.body as { data: { scheduled_transfer: { id: string } } })
      .data.scheduled_transfer.id;
    const accounts: [Customer, string][] = [
      [payer, payer.checking.id],
      [friend, friend.checking.id],
    ];
    const before = await figures(...accounts);
    expect(await scheduledJob(bank, scheduleId, '2031-02-03')).toBeDefined();
    const head = await lastPosition();

    expect(await runScheduledTransfer(bank.ctx, scheduleId, '2031-02-03')).toBe('failed');

    const { rows } = await bank.ownerPool.query<{ type: string }>(
      'SELECT type FROM events WHERE global_position > $1 ORDER BY global_position',
      [head],
    );
    // Only the failed run, the schedule leaving the customer's book (the refusal is for good, so
    // the series stops) and the customer's notice: no transfer, no hold, no posting.
    expect(rows.map((r) => r.type)).toEqual([
      'ScheduledTransferFailed',
      'ScheduleUnbooked',
      'NotificationRaised',
    ]);
    await expectScheduleStopped(bank, payer, {
      id: scheduleId,
      date: '2031-02-03',
      skipped: '2031-03-03',
      reason: OWN_ROUTING_NUMBER_MESSAGE,
      notice: `Your scheduled transfer of $50.00 due Feb 3, 2031 failed: ${OWN_ROUTING_NUMBER_MESSAGE.replace(/\.$/, '')}. Nothing was taken from your account. This repeating transfer has been stopped; set up a new one if you still need it.`,
    });
    await seeingTheLog(bank, [payer, friend]);
    expect(await figures(...accounts)).toEqual(before);
  });
});
