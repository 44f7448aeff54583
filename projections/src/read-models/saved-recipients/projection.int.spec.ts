import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { savedRecipientsProjection } from './projection.ts';

const { givenEvents } = projectionTest(savedRecipientsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const saved = (recipientId: string, nickname: string) => ({
  type: 'RecipientSaved' as const,
  streamId: `saved-recipients-${customerId}`,
  data: {
    customerId,
    recipientId,
    kind: 'external-bank' as const,
    nickname,
    recipientName: 'Dana Whitfield',
    bankName: 'First Lakeside Bank',
    accountEncrypted: 'sealed',
    accountLast4: '6789',
    destinationHash: 'hash',
    routingNumber: '021000021',
    savedAt: '2025-01-01T09:00:00.000Z',
  },
});

describe('saved-recipients projection', () => {
  it('keeps each saved recipient masked, renamed in place, gone once removed', async () => {
    const landlord = randomUUID();
    const sister = randomUUID();
    await givenEvents([
      saved(landlord, 'Landlord'),
      saved(sister, 'Sister'),
      // Saved twice (a retried command): the first stays.
      saved(landlord, 'Duplicate'),
      { type: 'RecipientRenamed', data: { customerId, recipientId: landlord, nickname: 'Rent' } },
      { type: 'RecipientRemoved', data: { customerId, recipientId: sister } },
    ]).thenRows('rm_saved_recipients', [
      {
        recipient_id: landlord,
        customer_id: customerId,
        type: 'external-bank',
        nickname: 'Rent',
        recipient_name: 'Dana Whitfield',
        bank_name: 'First Lakeside Bank',
        account_last4: '6789',
        routing_number: '021000021',
        country: null,
        swift_code: null,
        saved_at: '2025-01-01T09:00:00.000Z',
        destination_hash: 'hash',
      },
    ]);
  });

  it('remembers the first payment to each destination, saved or not', async () => {
    const paid = (destinationHash: string, paidAt: string) => ({
      type: 'DestinationFirstPaid' as const,
      streamId: `saved-recipients-${customerId}`,
      data: { customerId, destinationHash, transferId: randomUUID(), paidAt },
    });
    await givenEvents([
      paid('hash', '2025-01-02T10:00:00.000Z'),
      // Recorded once per destination; a second one (a retried command) changes nothing.
      paid('hash', '2025-01-05T10:00:00.000Z'),
      paid('other', '2025-01-03T10:00:00.000Z'),
    ]).thenRows('rm_paid_destinations', [
      {
        customer_id: customerId,
        destination_hash: 'hash',
        first_paid_at: '2025-01-02T10:00:00.000Z',
      },
      {
        customer_id: customerId,
        destination_hash: 'other',
        first_paid_at: '2025-01-03T10:00:00.000Z',
      },
    ]);
  });

  it('blanks the names of an erased customer’s recipients', async () => {
    const recipientId = randomUUID();
    await givenEvents([
      saved(recipientId, 'Landlord'),
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_saved_recipients', [
      {
        recipient_id: recipientId,
        nickname: ERASED,
        recipient_name: ERASED,
        account_last4: '6789',
      },
    ]);
  });
});
