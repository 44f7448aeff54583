import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogue } from './index.ts';
import * as definitions from './index.ts';
import {
  otherParties,
  otherPartiesOf,
  partitionKeyFromData,
  partitionKeysOf,
  stampedPartitionKey,
  streamOwnerField,
  toEveryPartition,
} from './partitioning.ts';

const customer = '6f1c1a4e-4a57-4a0b-9f43-0d7b2c9f1e11';
const other = '0d7b2c9f-1e11-4a57-9f43-6f1c1a4e4a0b';

/** The data fields of each type's latest schema. */
const latestFields = new Map(
  (Object.values(definitions) as unknown[])
    .filter(
      (d): d is { type: string; versions: readonly { schema: z.ZodType }[] } =>
        typeof d === 'object' && d !== null && 'versions' in d && 'type' in d,
    )
    .map((d) => {
      const schema = d.versions[d.versions.length - 1]!.schema as unknown as {
        shape: Record<string, unknown>;
      };
      return [d.type, Object.keys(schema.shape)];
    }),
);

describe('partition keys', () => {
  it('names an owner field (or none) for every event type, and the field exists', () => {
    expect(Object.keys(streamOwnerField).sort()).toEqual(catalogue.types().sort());
    for (const [type, field] of Object.entries(streamOwnerField)) {
      if (field !== null) expect(latestFields.get(type), type).toContain(field);
    }
  });

  it("keys an append's streams by their owners, and a stream of no customer by its id", () => {
    const keys = partitionKeysOf([
      {
        streamId: 'account-a',
        events: [{ type: 'AccountCredited', data: { accountId: 'a', ownerCustomerId: other } }],
      },
      {
        streamId: 'zelle-payment-p',
        events: [{ type: 'ZellePaymentSent', data: { senderCustomerId: customer } }],
      },
      { streamId: 'crypto-custody-BTC', events: [{ type: 'CryptoCustodyMoved', data: {} }] },
      {
        streamId: 'customer-c',
        events: [
          { type: 'UnknownToTheCatalogue', data: {} },
          { type: 'CustomerProfileUpdated', data: { customerId: customer } },
        ],
      },
    ]);
    expect(keys).toEqual({
      'account-a': other,
      'zelle-payment-p': customer,
      'crypto-custody-BTC': 'crypto-custody-BTC',
      'customer-c': customer,
    });
  });

  it('leaves out a stream whose events do not name their owner (the relay asks its first event)', () => {
    const oldPosting = { type: 'AccountDebited', data: { accountId: 'a', amount: 1 } };
    expect(partitionKeysOf([{ streamId: 'account-a', events: [oldPosting] }])).toEqual({});
    expect(partitionKeyFromData('account-a', oldPosting.type, oldPosting.data)).toBeUndefined();
    expect(partitionKeyFromData('account-a', 'AccountOpened', { customerId: customer })).toBe(
      customer,
    );
  });

  it('reads the stamp of a stream from the metadata', () => {
    const metadata = { partitionKeys: { 'account-a': customer } };
    expect(stampedPartitionKey(metadata, 'account-a')).toBe(customer);
    expect(stampedPartitionKey(metadata, 'account-b')).toBeUndefined();
    expect(stampedPartitionKey({}, 'account-a')).toBeUndefined();
    // As the store stamps it now: the event's own stream's key only.
    expect(stampedPartitionKey({ partitionKey: customer }, 'account-a')).toBe(customer);
    expect(stampedPartitionKey({ partitionKey: '' }, 'account-a')).toBeUndefined();
  });
});

describe('events about two customers', () => {
  it('name the other party by a field of the latest schema', () => {
    const data = Object.fromEntries(
      [...latestFields.values()].flat().map((field) => [field, `${field}-value`]),
    );
    for (const type of Object.keys(otherParties)) {
      const parties = otherPartiesOf(type, data);
      expect(parties.length, type).toBeGreaterThan(0);
      for (const party of parties) {
        expect(latestFields.get(type), type).toContain(party.replace(/-value$/, ''));
      }
    }
  });

  it('a payment to someone who is not a customer yet has no other party', () => {
    expect(otherPartiesOf('ZellePaymentSent', { senderCustomerId: customer })).toEqual([]);
    expect(
      otherPartiesOf('ZellePaymentSent', {
        senderCustomerId: customer,
        recipientCustomerId: other,
      }),
    ).toEqual([other]);
  });

  it("a claim without the payment's facts (written before them) stays with the sender", () => {
    const claim = { senderCustomerId: customer, recipientCustomerId: other };
    expect(otherPartiesOf('ZellePaymentClaimed', claim)).toEqual([]);
    expect(otherPartiesOf('ZellePaymentClaimed', { ...claim, reference: 'ZEL-1' })).toEqual([
      other,
    ]);
  });

  it('an erasure goes to every partition', () => {
    expect(toEveryPartition.has('CustomerErased')).toBe(true);
    expect(otherPartiesOf('CustomerErased', { customerId: customer })).toEqual([]);
  });
});
