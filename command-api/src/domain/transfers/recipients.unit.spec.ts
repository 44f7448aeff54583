import { describe, expect, it } from 'vitest';
import {
  NEW_RECIPIENT_MESSAGE,
  destinationHash,
  recipientsAggregate,
  requireNewRecipientLimit,
  type RecipientsState,
} from './recipients.ts';

const savedAt = '2031-05-01T12:00:00.000Z';
const key = '021000021:123456789';

function book(): RecipientsState {
  return recipientsAggregate.evolve(recipientsAggregate.initial(), {
    type: 'RecipientSaved',
    data: {
      customerId: '00000000-0000-4000-8000-000000000001',
      recipientId: '00000000-0000-4000-8000-000000000002',
      kind: 'external-bank',
      nickname: 'Landlord',
      recipientName: 'Pat Doe',
      bankName: 'Other Bank',
      accountEncrypted: 'sealed',
      accountLast4: '6789',
      destinationHash: destinationHash(key),
      routingNumber: '021000021',
      savedAt,
    },
  });
}

const at = (iso: string) => new Date(iso);

describe('the new-recipient limit', () => {
  it('holds a recipient saved less than 3 days ago to $1,000.00 per transfer', () => {
    expect(NEW_RECIPIENT_MESSAGE).toBe(
      'Transfers to a recipient saved less than 3 days ago are limited to $1,000.00 each.',
    );
    const justBefore = at('2031-05-04T11:59:59.000Z');
    expect(() => requireNewRecipientLimit(book(), key, 1_000_01, justBefore)).toThrow(
      NEW_RECIPIENT_MESSAGE,
    );
    expect(() => requireNewRecipientLimit(book(), key, 1_000_00, justBefore)).not.toThrow();
  });

  it('lifts after 3 days, and never applies to an account that is not saved', () => {
    expect(() =>
      requireNewRecipientLimit(book(), key, 5_000_00, at('2031-05-04T12:00:00.000Z')),
    ).not.toThrow();
    expect(() =>
      requireNewRecipientLimit(book(), '021000021:999', 5_000_00, at(savedAt)),
    ).not.toThrow();
  });
});
