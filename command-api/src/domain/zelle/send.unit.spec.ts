import { AccountCredited, AccountOpened, moneyStreams, streams, zelleStreams } from '@bank/events';
import { RECIPIENT_MESSAGES } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpecification, stateAfter } from '../../kernel/decider-specification.ts';
import { accountAggregate, type AccountEvent } from '../account/account.ts';
import { DAILY_LIMITS, activityAggregate, decideMovement } from '../transfers/limits.ts';
import { decideZellePayment, decideZelleRequest, type SendZelle } from './send.ts';

const sender = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const friend = '5c7d3a1b-2f3e-4d4c-9b0a-6f7e8d9c0b13';
const fromId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const toId = '1e0b4e6f-8073-4e4f-8c2d-4a3b8d2e1f02';
const now = new Date('2026-11-23T16:00:00Z');
const ids = {
  paymentId: '99999999-9999-4999-8999-999999999999',
  entryId: '88888888-8888-4888-8888-888888888888',
  holdId: '77777777-7777-4777-8777-777777777777',
};

const activity = deciderSpecification(activityAggregate, decideMovement);
/** Given these events on the account, its state. */
const given = (...events: AccountEvent[]) => stateAfter(accountAggregate, ...events);
const opened = (accountId: string, customerId: string, type: 'checking' | 'savings' = 'checking') =>
  AccountOpened.create({
    accountId,
    customerId,
    accountNumber: accountId === fromId ? '100000000001' : '100000000002',
    routingNumber: '021000021',
    name: type === 'checking' ? 'Everyday Checking' : 'Savings',
    type,
    productCode: type,
    currency: 'USD',
  });
const deposit = (accountId: string, amount: number) =>
  AccountCredited.create({
    accountId,
    entryId: crypto.randomUUID(),
    amount,
    description: 'Deposit',
    kind: 'deposit',
    contra: 'cash:teller',
    reference: 'DEP-1',
  });
const noActivity = activity.given().state;
/** The customer already moved this much by Zelle today (sent, or received). */
const movedToday = (
  customerId: string,
  category: 'zelle-send' | 'zelle-receive',
  amount: number,
) => {
  const moved = activity
    .given()
    .when({
      customerId,
      movementId: crypto.randomUUID(),
      category,
      amount,
      fingerprint: null,
      checkDuplicate: false,
      now,
    })
    .then([{ type: 'MoneyMovementRecorded', data: { category, amount } }]);
  return activity.given(...moved).state;
};
const sentToday = (amount: number) => movedToday(sender, 'zelle-send', amount);

const send: SendZelle = {
  customerId: sender,
  amountCents: 25_00,
  recipientName: 'Sam Lee',
  contact: { kind: 'email', value: 'sam@example.com' },
  contactField: 'recipient_email',
  memo: 'Lunch',
  checkDuplicate: true,
};
const known = { customerId: friend, name: 'Sam Lee', depositAccountId: toId };
const loaded = {
  from: given(opened(fromId, sender), deposit(fromId, 100_00)),
  senderName: 'Maya Chen',
  senderActivity: noActivity,
  recipientActivity: noActivity,
  to: given(opened(toId, friend)),
  now,
  ids,
};

describe('sending money with Zelle', () => {
  it('to a customer of the bank: counts both limits, debits and credits at once, completed', () => {
    const plan = decideZellePayment(send, { ...loaded, recipient: known });
    expect(plan.appends.map((a) => [a.stream, a.expect, a.events.map((e) => e.type)])).toEqual([
      [moneyStreams.activity(sender), 'read', ['MoneyMovementRecorded']],
      [moneyStreams.activity(friend), 'read', ['MoneyMovementRecorded']],
      [streams.account(fromId), 'read', ['AccountDebited']],
      [streams.account(toId), 'open', ['AccountCredited']],
      [zelleStreams.payment(ids.paymentId), 'new', ['ZellePaymentSent']],
    ]);
    expect(plan.appends[2]!.events[0]).toMatchObject({
      data: { amount: 25_00, entryId: ids.entryId, kind: 'zelle' },
    });
    expect(plan.payment).toMatchObject({
      paymentId: ids.paymentId,
      status: 'completed',
      recipientCustomerId: friend,
      recipientAccountId: toId,
      senderName: 'Maya Chen',
    });
    expect(plan.message).toBe('Payment of $25.00 sent to Sam Lee');
    expect(plan.availableAfter).toBe(75_00);
  });

  it('to someone not enrolled: holds the money and waits for a claim', () => {
    const plan = decideZellePayment(send, { ...loaded, recipient: undefined });
    expect(plan.appends.map((a) => [a.stream, a.events.map((e) => e.type)])).toEqual([
      [moneyStreams.activity(sender), ['MoneyMovementRecorded']],
      [streams.account(fromId), ['FundsHeld']],
      [zelleStreams.inbox(send.contact), ['ZellePaymentAwaitingClaim']],
      [zelleStreams.payment(ids.paymentId), ['ZellePaymentSent']],
    ]);
    // The inbox is found by the contact's hash; the contact itself stays sealed in the payment.
    expect(plan.appends[2]!.events[0]!.data).toEqual({ paymentId: ids.paymentId });
    expect(plan.payment).toMatchObject({
      status: 'pending',
      holdId: ids.holdId,
      expiresAt: '2026-12-07T16:00:00.000Z',
    });
    expect(plan.message).toContain('will receive it after enrolling this email');
  });

  it('refuses more than the available balance', () => {
    expect(() =>
      decideZellePayment({ ...send, amountCents: 100_01 }, { ...loaded, recipient: known }),
    ).toThrow(expect.objectContaining({ reason: 'insufficient_funds', field: 'amount' }));
    expect(() =>
      decideZellePayment({ ...send, amountCents: 100_01 }, { ...loaded, recipient: undefined }),
    ).toThrow(expect.objectContaining({ reason: 'insufficient_funds' }));
  });

  it("refuses past the sender's daily limit, and past the recipient's receive limit", () => {
    const limit = DAILY_LIMITS['zelle-send'];
    expect(() =>
      decideZellePayment(send, {
        ...loaded,
        recipient: known,
        senderActivity: sentToday(limit - 10_00),
      }),
    ).toThrow(expect.objectContaining({ reason: 'daily_limit_exceeded' }));
    const received = movedToday(friend, 'zelle-receive', DAILY_LIMITS['zelle-receive']);
    expect(() =>
      decideZellePayment(send, { ...loaded, recipient: known, recipientActivity: received }),
    ).toThrow(
      expect.objectContaining({
        reason: 'daily_limit_exceeded',
        message:
          'Sam Lee cannot receive this payment today: it would exceed their daily receive limit of $5,000.00.',
      }),
    );
  });

  it('refuses sending to oneself and from an account that is not checking', () => {
    expect(() =>
      decideZellePayment(send, {
        ...loaded,
        recipient: { ...known, customerId: sender },
      }),
    ).toThrow(
      expect.objectContaining({
        reason: 'invalid_recipient',
        message: 'You cannot send money to yourself.',
        field: 'recipient_email',
      }),
    );
    expect(() =>
      decideZellePayment(send, {
        ...loaded,
        from: given(opened(fromId, sender, 'savings'), deposit(fromId, 100_00)),
        recipient: known,
      }),
    ).toThrow(expect.objectContaining({ reason: 'zelle_account', field: 'bank_account_id' }));
  });
});

describe('requesting money with Zelle', () => {
  const request = { ...send, amountCents: 12_00 };
  const requestId = '7a1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';
  const base = {
    account: loaded.from,
    requesterName: 'Maya Chen',
    now,
    requestId,
    askedBefore: [],
  };

  it('creates the request on a new stream', () => {
    const plan = decideZelleRequest(request, { ...base, payer: known });
    expect(plan.appends).toMatchObject([
      {
        stream: zelleStreams.request(requestId),
        expect: 'new',
        events: [{ type: 'ZelleRequestCreated' }],
      },
      {
        stream: zelleStreams.asks(sender, friend),
        expect: 'read',
        events: [{ type: 'IdempotentRequestRecorded', data: { at: now.toISOString() } }],
      },
    ]);
    expect(plan.request).toMatchObject({
      payerCustomerId: friend,
      amount: 12_00,
      requesterAccountId: fromId,
    });
  });

  it('refuses an unknown payer, saying a request needs someone enrolled, and oneself', () => {
    // Not the transfers' bare "Recipient not found": the customer learns why and what still works.
    expect(RECIPIENT_MESSAGES.requestNotEnrolled).toMatch(/enrolled.*send money/s);
    expect(() => decideZelleRequest(request, { ...base, payer: undefined })).toThrow(
      expect.objectContaining({
        reason: 'invalid_recipient',
        message: RECIPIENT_MESSAGES.requestNotEnrolled,
        field: 'recipient_email',
      }),
    );
    expect(() =>
      decideZelleRequest(request, { ...base, payer: { ...known, customerId: sender } }),
    ).toThrow(expect.objectContaining({ message: 'You cannot request money from yourself.' }));
  });

  it('asks the same person at most 10 times in any 24 hours', () => {
    const hour = 60 * 60 * 1000;
    const asked = (hoursAgo: number[]) => hoursAgo.map((h) => now.getTime() - h * hour);
    const ask = (hoursAgo: number[]) =>
      decideZelleRequest(request, { ...base, payer: known, askedBefore: asked(hoursAgo) });
    expect(() => ask([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])).toThrow(
      expect.objectContaining({
        reason: 'daily_limit_exceeded',
        field: 'recipient_email',
        message:
          'You have asked this person for money 10 times in the last 24 hours. Please wait before asking again.',
      }),
    );
    // The oldest of ten was 24 hours ago: one more may go.
    expect(ask([24, 8, 7, 6, 5, 4, 3, 2, 1, 0]).appends).toHaveLength(2);
    expect(ask([1, 0, 0, 0, 0, 0, 0, 0, 0]).appends).toHaveLength(2);
  });
});
