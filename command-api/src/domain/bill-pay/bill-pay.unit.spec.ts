import { AccountCredited, AccountOpened, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { accountAggregate } from '../account/account.ts';
import { AUTOPAY_AMOUNT_REQUIRED, decidePayees, payeesAggregate } from './payees.ts';
import { decideOccurrence, decideSchedule, END_BEFORE_START, PAST_DATE } from './payment.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const payeeId = '7f1c2b3a-4d5e-4f60-8a1b-2c3d4e5f6a70';
const paymentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function account(balance: number) {
  return [
    AccountOpened.create({
      accountId,
      customerId,
      accountNumber: '100000000001',
      routingNumber: '021000021',
      name: 'Premium Checking',
      type: 'checking',
      productCode: 'premium_checking',
      currency: 'USD',
    }),
    AccountCredited.create({
      accountId,
      entryId: crypto.randomUUID(),
      amount: balance,
      description: 'seed',
      kind: 'deposit',
      contra: 'cash:teller',
      reference: 'DEP-1',
    }),
  ].reduce((s, e) => accountAggregate.evolve(s, e as BankEvent), accountAggregate.initial());
}

const payee = {
  customerId,
  payeeId,
  name: 'City Power',
  displayName: null,
  category: 'utilities' as const,
  accountNumberEncrypted: 'v1:x:y:z',
  accountLast4: '1234',
  address: null,
  city: null,
  state: null,
  zipCode: null,
  phone: null,
  defaultAmountCents: null,
  autopay: null,
};

const schedule = {
  customerId,
  paymentId,
  payeeId,
  payeeName: 'City Power',
  category: 'utilities' as const,
  fromAccountId: accountId,
  amountCents: 5000,
  memo: null,
  firstDate: '2025-03-10',
  recurrence: null,
};

const occurrence = {
  customerId,
  source: 'scheduled' as const,
  scheduleId: paymentId,
  payeeId,
  payeeName: 'City Power',
  category: 'utilities' as const,
  fromAccountId: accountId,
  amountCents: 5000,
  date: '2025-03-10',
  nextDate: null,
};
const ids = {
  entryId: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  reference: 'BIL-TEST',
  notificationId: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e',
};

describe('payees', () => {
  it('adds a payee and removes it; a removed payee is not found', () => {
    const added = decidePayees({ type: 'AddPayee', data: payee }, payeesAggregate.initial());
    const state = added.reduce(
      (s, e) => payeesAggregate.evolve(s, e as BankEvent),
      payeesAggregate.initial(),
    );
    const removed = decidePayees({ type: 'RemovePayee', customerId, payeeId }, state);
    const after = payeesAggregate.evolve(state, removed[0] as BankEvent);
    expect(after.payees[payeeId]).toBeUndefined();
    expect(() => decidePayees({ type: 'RemovePayee', customerId, payeeId }, after)).toThrow(
      /not found/,
    );
  });

  it('refuses AutoPay with no amount to pay', () => {
    const autopay = {
      day: 15,
      amountCents: null,
      fromAccountId: accountId,
      firstDate: '2025-03-15',
    };
    expect(() =>
      decidePayees({ type: 'AddPayee', data: { ...payee, autopay } }, payeesAggregate.initial()),
    ).toThrow(AUTOPAY_AMOUNT_REQUIRED);
    expect(
      decidePayees(
        { type: 'AddPayee', data: { ...payee, defaultAmountCents: 4200, autopay } },
        payeesAggregate.initial(),
      ),
    ).toHaveLength(1);
  });
});

describe('scheduling', () => {
  it('refuses a date before today and an end date before the start', () => {
    expect(() => decideSchedule(schedule, null, '2025-03-11')).toThrow(PAST_DATE);
    expect(() =>
      decideSchedule(
        { ...schedule, recurrence: { frequency: 'weekly', endDate: '2025-03-09' } },
        null,
        '2025-03-10',
      ),
    ).toThrow(END_BEFORE_START);
    expect(decideSchedule(schedule, null, '2025-03-10')).toHaveLength(1);
  });

  it('refuses an amount under one cent', () => {
    expect(() => decideSchedule({ ...schedule, amountCents: 0 }, null, '2025-03-01')).toThrow(
      DomainError,
    );
  });
});

describe('an occurrence', () => {
  it('pays from the account through clearing:bill_pay', () => {
    const result = decideOccurrence(occurrence, account(5000), ids, { notify: true });
    expect(result.outcome).toBe('paid');
    expect(result.account).toMatchObject([
      {
        type: 'AccountDebited',
        data: { amount: 5000, contra: 'clearing:bill_pay', kind: 'bill_payment' },
      },
    ]);
    expect(result.occurrence[0]!.type).toBe('BillPaymentPaid');
    expect(result.notification[0]!.data).toMatchObject({ type: 'bill_payment' });
  });

  it('fails without overdrawing when funds are short, and says so', () => {
    const result = decideOccurrence(occurrence, account(4999), ids, { notify: false });
    expect(result.outcome).toBe('failed');
    expect(result.account).toEqual([]);
    expect(result.occurrence[0]).toMatchObject({
      type: 'BillPaymentFailed',
      data: { reason: 'insufficient_funds' },
    });
    expect(result.notification[0]!.data).toMatchObject({
      type: 'bill_payment',
      title: 'Bill payment failed',
      priority: 'high',
    });
  });
});
