import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { billPayProjection } from './projection.ts';

const { givenEvents } = projectionTest(billPayProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();

const payeeAdded = (payeeId: string, autopay: boolean) => ({
  type: 'BillPayeeAdded' as const,
  data: {
    customerId,
    payeeId,
    name: 'Harbor Electric',
    displayName: 'Electric',
    category: 'utilities' as const,
    accountNumberEncrypted: 'sealed',
    accountLast4: '1234',
    address: '1 Grid Way',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
    phone: null,
    defaultAmountCents: 80_00,
    autopay: autopay
      ? { day: 15, amountCents: null, fromAccountId: accountId, firstDate: '2025-01-15' }
      : null,
  },
});

const scheduled = (paymentId: string, payeeId: string) => ({
  type: 'BillPaymentScheduled' as const,
  data: {
    customerId,
    paymentId,
    payeeId,
    payeeName: 'Electric',
    category: 'utilities' as const,
    fromAccountId: accountId,
    amountCents: 95_00,
    memo: 'January bill',
    firstDate: '2025-01-20',
    recurrence: { frequency: 'monthly' as const, endDate: null },
  },
});

const occurrence = (
  scheduleId: string,
  payeeId: string,
  date: string,
  nextDate: string | null,
) => ({
  customerId,
  source: 'scheduled' as const,
  scheduleId,
  payeeId,
  payeeName: 'Electric',
  category: 'utilities' as const,
  fromAccountId: accountId,
  amountCents: 95_00,
  date,
  nextDate,
});

describe('bill-pay projection', () => {
  it('keeps payees, and a payee with AutoPay gets its first occurrence at the default amount', async () => {
    const payeeId = randomUUID();
    const scenario = givenEvents([payeeAdded(payeeId, true)]);
    await scenario.thenRows('rm_bill_payees', [
      {
        payee_id: payeeId,
        name: 'Harbor Electric',
        display_name: 'Electric',
        account_last4: '1234',
        autopay_enabled: true,
        autopay_day: 15,
        autopay_account_id: accountId,
        removed: false,
      },
    ]);
    await scenario.thenRows('rm_bill_payments', [
      {
        id: `autopay:${payeeId}:2025-01-15`,
        source: 'autopay',
        schedule_id: payeeId,
        payee_name: 'Electric',
        amount_cents: 80_00,
        scheduled_date: '2025-01-15',
        is_recurring: true,
        recurring_frequency: 'monthly',
        status: 'scheduled',
      },
    ]);
  });

  it('settles each occurrence and schedules the next; a failed one says why', async () => {
    const payeeId = randomUUID();
    const paymentId = randomUUID();
    await givenEvents([
      payeeAdded(payeeId, false),
      scheduled(paymentId, payeeId),
      {
        type: 'BillPaymentPaid',
        data: {
          ...occurrence(paymentId, payeeId, '2025-01-20', '2025-02-20'),
          entryId: randomUUID(),
          reference: 'BIL-1',
        },
      },
      {
        type: 'BillPaymentFailed',
        data: {
          ...occurrence(paymentId, payeeId, '2025-02-20', '2025-03-20'),
          reason: 'insufficient_funds',
        },
      },
    ]).thenRows(
      'rm_bill_payments',
      [
        {
          id: `scheduled:${paymentId}:2025-01-20`,
          scheduled_date: '2025-01-20',
          status: 'completed',
          reference_number: 'BIL-1',
          failure_reason: null,
          memo: 'January bill',
        },
        {
          id: `scheduled:${paymentId}:2025-02-20`,
          scheduled_date: '2025-02-20',
          status: 'failed',
          reference_number: null,
          failure_reason: 'insufficient_funds',
          memo: 'January bill',
        },
        {
          id: `scheduled:${paymentId}:2025-03-20`,
          scheduled_date: '2025-03-20',
          status: 'scheduled',
          reference_number: null,
          failure_reason: null,
          memo: 'January bill',
        },
      ],
      { orderBy: 'scheduled_date' },
    );
  });

  it('shows a payment the bank stopped at a refused occurrence as stopped there, with nothing after', async () => {
    const payeeId = randomUUID();
    const paymentId = randomUUID();
    await givenEvents([
      payeeAdded(payeeId, false),
      scheduled(paymentId, payeeId),
      {
        type: 'BillPaymentFailed',
        data: {
          ...occurrence(paymentId, payeeId, '2025-01-20', null),
          reason: 'account_closed',
          stopped: true,
        },
      },
    ]).thenRows('rm_bill_payments', [
      {
        id: `scheduled:${paymentId}:2025-01-20`,
        scheduled_date: '2025-01-20',
        status: 'stopped',
        failure_reason: 'account_closed',
      },
    ]);
  });

  it('renames a payee: its payments to come take the new name, those made keep the old', async () => {
    const payeeId = randomUUID();
    const paymentId = randomUUID();
    const rename = (displayName: string | null) => ({
      type: 'BillPayeeRenamed' as const,
      data: { customerId, payeeId, displayName },
    });
    const events = [
      payeeAdded(payeeId, false),
      scheduled(paymentId, payeeId),
      {
        type: 'BillPaymentPaid' as const,
        data: {
          ...occurrence(paymentId, payeeId, '2025-01-20', '2025-02-20'),
          entryId: randomUUID(),
          reference: 'BIL-1',
        },
      },
      rename('Rental flat'),
    ];
    const names = (rows: [string, string][]) =>
      rows.map(([date, payee_name]) => ({ scheduled_date: date, payee_name }));
    const renamed = givenEvents(events);
    await renamed.thenRows('rm_bill_payees', [{ payee_id: payeeId, display_name: 'Rental flat' }]);
    await renamed.thenRows(
      'rm_bill_payments',
      names([
        ['2025-01-20', 'Electric'],
        ['2025-02-20', 'Rental flat'],
      ]),
      { orderBy: 'scheduled_date' },
    );
    // Without a nickname it is listed by its company's name.
    const cleared = givenEvents([...events, rename(null)]);
    await cleared.thenRows('rm_bill_payees', [{ payee_id: payeeId, display_name: null }]);
    await cleared.thenRows(
      'rm_bill_payments',
      names([
        ['2025-01-20', 'Electric'],
        ['2025-02-20', 'Harbor Electric'],
      ]),
      { orderBy: 'scheduled_date' },
    );
  });

  it('replaces the awaited occurrence when the plan changes, and cancels what is left', async () => {
    const payeeId = randomUUID();
    const changed = randomUUID();
    const cancelled = randomUUID();
    await givenEvents([
      payeeAdded(payeeId, false),
      scheduled(changed, payeeId),
      {
        type: 'BillPaymentScheduleChanged',
        data: {
          customerId,
          paymentId: changed,
          fromAccountId: accountId,
          amountCents: 120_00,
          startDate: '2025-01-25',
          recurrence: null,
          nextDate: '2025-01-25',
        },
      },
      scheduled(cancelled, payeeId),
      { type: 'BillPaymentScheduleCancelled', data: { customerId, paymentId: cancelled } },
    ]).thenRows('rm_bill_payments', [
      {
        id: `scheduled:${changed}:2025-01-25`,
        amount_cents: 120_00,
        is_recurring: false,
        status: 'scheduled',
      },
      {
        id: `scheduled:${cancelled}:2025-01-20`,
        amount_cents: 95_00,
        is_recurring: true,
        status: 'cancelled',
      },
    ]);
  });

  it('shows a payee’s AutoPay as changed: the payment to come moves, or is cancelled when off', async () => {
    const payeeId = randomUUID();
    const otherAccount = randomUUID();
    const change = (
      autopay: { day: number; amountCents: number | null; firstDate: string } | null,
    ) => ({
      type: 'BillPayeeAutopayChanged' as const,
      data: {
        customerId,
        payeeId,
        autopay: autopay && { ...autopay, fromAccountId: otherAccount },
      },
    });
    // Turned on for a payee added without it: its first payment, at the default amount.
    const on = [
      payeeAdded(payeeId, false),
      change({ day: 3, amountCents: null, firstDate: '2025-02-03' }),
    ];
    const turnedOn = givenEvents(on);
    await turnedOn.thenRows('rm_bill_payees', [
      {
        payee_id: payeeId,
        autopay_enabled: true,
        autopay_day: 3,
        autopay_amount_cents: null,
        autopay_account_id: otherAccount,
      },
    ]);
    await turnedOn.thenRows('rm_bill_payments', [
      {
        id: `autopay:${payeeId}:2025-02-03`,
        source: 'autopay',
        payee_name: 'Electric',
        from_account_id: otherAccount,
        amount_cents: 80_00,
        scheduled_date: '2025-02-03',
        recurring_frequency: 'monthly',
        status: 'scheduled',
      },
    ]);
    // Another day and amount: the payment of the old day leaves the list.
    const moved = [...on, change({ day: 20, amountCents: 65_50, firstDate: '2025-02-20' })];
    await givenEvents(moved).thenRows('rm_bill_payments', [
      { id: `autopay:${payeeId}:2025-02-20`, amount_cents: 65_50, status: 'scheduled' },
    ]);
    // Off: the payment to come is cancelled; on again for that date, it is scheduled again.
    const off = givenEvents([...moved, change(null)]);
    await off.thenRows('rm_bill_payees', [
      { payee_id: payeeId, autopay_enabled: false, autopay_day: null, autopay_account_id: null },
    ]);
    await off.thenRows('rm_bill_payments', [
      { id: `autopay:${payeeId}:2025-02-20`, status: 'cancelled' },
    ]);
    await givenEvents([
      ...moved,
      change(null),
      change({ day: 20, amountCents: 70_00, firstDate: '2025-02-20' }),
    ]).thenRows('rm_bill_payments', [
      { id: `autopay:${payeeId}:2025-02-20`, amount_cents: 70_00, status: 'scheduled' },
    ]);
  });

  it('cancels a removed payee’s upcoming payments, and blanks an erased customer’s payees', async () => {
    const payeeId = randomUUID();
    const paymentId = randomUUID();
    const scenario = givenEvents([
      payeeAdded(payeeId, true),
      scheduled(paymentId, payeeId),
      { type: 'BillPayeeRemoved', data: { customerId, payeeId } },
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]);
    await scenario.thenRows('rm_bill_payees', [
      {
        payee_id: payeeId,
        removed: true,
        name: ERASED,
        display_name: ERASED,
        address: ERASED,
        phone: null,
      },
    ]);
    await scenario.thenRows('rm_bill_payments', [
      { source: 'autopay', status: 'cancelled', payee_name: ERASED, memo: null },
      { source: 'scheduled', status: 'cancelled', payee_name: ERASED, memo: ERASED },
    ]);
  });
});
