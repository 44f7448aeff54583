import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { zelleProjection } from './projection.ts';

const { givenEvents } = projectionTest(zelleProjection, { sharedDatabase: true });

const ada = randomUUID();
const adaAccount = randomUUID();
const ben = randomUUID();
const benAccount = randomUUID();
const benEmail = { kind: 'email' as const, value: 'ben@example.com' };

const sent = (paymentId: string, to: { customerId?: string; accountId?: string }, at: string) => ({
  type: 'ZellePaymentSent' as const,
  data: {
    paymentId,
    senderCustomerId: ada,
    senderName: 'Ada Moreno',
    fromAccountId: adaAccount,
    recipientName: 'Ben Ortiz',
    recipientContact: benEmail,
    ...(to.customerId ? { recipientCustomerId: to.customerId } : {}),
    ...(to.accountId ? { recipientAccountId: to.accountId } : {}),
    amount: 40_00,
    memo: 'Pizza',
    reference: 'ZEL-1',
    status: to.customerId ? ('completed' as const) : ('pending' as const),
    sentAt: at,
  },
});

describe('zelle projection', () => {
  it('writes both sides of a payment, and counts the recipient among the sender’s recent ones', async () => {
    const paymentId = randomUUID();
    const scenario = givenEvents([
      sent(paymentId, { customerId: ben, accountId: benAccount }, '2025-01-05T10:00:00.000Z'),
      sent(randomUUID(), { customerId: ben, accountId: benAccount }, '2025-01-06T10:00:00.000Z'),
    ]);
    await scenario.thenRows(
      'rm_zelle_activity',
      [
        {
          customer_id: ada,
          type: 'sent',
          direction: 'outgoing',
          counterparty_name: 'Ben Ortiz',
          counterparty_contact: 'ben@example.com',
          status: 'completed',
          account_id: adaAccount,
          occurred_at: '2025-01-05T10:00:00.000Z',
        },
        {
          customer_id: ben,
          type: 'received',
          direction: 'incoming',
          counterparty_name: 'Ada Moreno',
          counterparty_contact: null,
          status: 'completed',
          account_id: benAccount,
          occurred_at: '2025-01-05T10:00:00.000Z',
        },
      ],
      { where: `item_id = '${paymentId}'` },
    );
    await scenario.thenRows('rm_zelle_recipients', [
      {
        customer_id: ada,
        contact_key: 'email:ben@example.com',
        name: 'Ben Ortiz',
        email: 'ben@example.com',
        phone: null,
        transaction_count: 2,
        last_at: '2025-01-06T10:00:00.000Z',
      },
    ]);
  });

  it('adds the recipient’s line when a pending payment is claimed; returned and cancelled ones say so', async () => {
    const claimed = randomUUID();
    const returned = randomUUID();
    const cancelled = randomUUID();
    const payment = (paymentId: string) => ({
      paymentId,
      senderCustomerId: ada,
      recipientName: 'Ben Ortiz',
      amount: 40_00,
    });
    await givenEvents([
      sent(claimed, {}, '2025-01-05T10:00:00.000Z'),
      sent(returned, {}, '2025-01-05T11:00:00.000Z'),
      sent(cancelled, {}, '2025-01-05T12:00:00.000Z'),
      {
        type: 'ZellePaymentClaimed',
        data: {
          ...payment(claimed),
          recipientCustomerId: ben,
          recipientAccountId: benAccount,
          claimedAt: '2025-01-07T09:00:00.000Z',
        },
      },
      {
        type: 'ZellePaymentReturned',
        data: {
          ...payment(returned),
          reason: 'Not claimed within 14 days',
          returnedAt: '2025-01-19T11:00:00.000Z',
        },
      },
      {
        type: 'ZellePaymentCancelled',
        data: { ...payment(cancelled), cancelledAt: '2025-01-05T13:00:00.000Z' },
      },
    ]).thenRows('rm_zelle_activity', [
      {
        item_id: claimed,
        customer_id: ada,
        status: 'completed',
        memo: 'Pizza',
        account_id: adaAccount,
      },
      {
        item_id: claimed,
        customer_id: ben,
        status: 'completed',
        memo: 'Pizza',
        account_id: benAccount,
      },
      {
        item_id: returned,
        customer_id: ada,
        status: 'returned',
        memo: 'Pizza',
        account_id: adaAccount,
      },
      {
        item_id: cancelled,
        customer_id: ada,
        status: 'cancelled',
        memo: 'Pizza',
        account_id: adaAccount,
      },
    ]);
  });

  it('shows a request to both people until it is paid or declined', async () => {
    const paid = randomUUID();
    const declined = randomUUID();
    const requested = (requestId: string) => ({
      type: 'ZelleRequestCreated' as const,
      data: {
        requestId,
        requesterCustomerId: ada,
        requesterName: 'Ada Moreno',
        requesterAccountId: adaAccount,
        payerCustomerId: ben,
        payerName: 'Ben Ortiz',
        payerContact: benEmail,
        amount: 15_00,
        memo: 'Movie tickets',
        reference: 'ZEL-2',
        createdAt: '2025-01-08T18:00:00.000Z',
      },
    });
    await givenEvents([
      requested(paid),
      requested(declined),
      {
        type: 'ZelleRequestPaid',
        data: {
          requestId: paid,
          requesterCustomerId: ada,
          payerCustomerId: ben,
          paymentId: randomUUID(),
          paidAt: '2025-01-09T08:00:00.000Z',
        },
      },
      {
        type: 'ZelleRequestDeclined',
        data: {
          requestId: declined,
          requesterCustomerId: ada,
          payerCustomerId: ben,
          payerName: 'Ben Ortiz',
          amount: 15_00,
          declinedAt: '2025-01-09T08:00:00.000Z',
        },
      },
    ]).thenRows('rm_zelle_activity', [
      {
        item_id: paid,
        customer_id: ada,
        type: 'request',
        direction: 'outgoing',
        status: 'completed',
      },
      {
        item_id: paid,
        customer_id: ben,
        type: 'request',
        direction: 'incoming',
        status: 'completed',
      },
      {
        item_id: declined,
        customer_id: ada,
        type: 'request',
        direction: 'outgoing',
        status: 'declined',
      },
      {
        item_id: declined,
        customer_id: ben,
        type: 'request',
        direction: 'incoming',
        status: 'declined',
      },
    ]);
  });

  it('blanks an erased customer in their lines and in the other party’s, and drops them from recent recipients', async () => {
    const paymentId = randomUUID();
    const scenario = givenEvents([
      sent(paymentId, { customerId: ben, accountId: benAccount }, '2025-01-05T10:00:00.000Z'),
      { type: 'CustomerErased', data: { customerId: ben, reason: 'request' } },
    ]);
    await scenario.thenRows('rm_zelle_activity', [
      {
        customer_id: ada,
        sender_name: 'Ada Moreno',
        recipient_name: ERASED,
        counterparty_name: ERASED,
        counterparty_contact: ERASED,
        memo: 'Pizza',
      },
      {
        customer_id: ben,
        sender_name: ERASED,
        recipient_name: ERASED,
        counterparty_name: ERASED,
        counterparty_contact: null,
        memo: ERASED,
      },
    ]);
    await scenario.thenRows('rm_zelle_recipients', []);
  });
});
