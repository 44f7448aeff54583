import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createSecretBox } from '../security/encryption.ts';
import { createKeyring } from '../security/keyring.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createPiiProtector, type EventProtector } from './pii-protector.ts';

const rules = {
  Posted: [
    {
      owner: ['ownerId'],
      fields: ['description', 'metadata.memo', 'metadata.payee_name', 'party.contact.value'],
    },
  ],
};

let pool: Pool;
let protector: EventProtector;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  const keyring = createKeyring(pool, createSecretBox(randomBytes(32)), randomBytes(32));
  protector = createPiiProtector(keyring, rules, '[erased]');
});

afterAll(async () => {
  await pool?.end();
});

describe('sealing personal data', () => {
  it('seals only the named fields, leaves the caller’s event as it was, and opens back to it', async () => {
    const data = {
      ownerId: randomUUID(),
      amount: 1250,
      description: 'Dinner with Ada',
      metadata: { memo: 'split bill', payee_name: 'Ada Lovelace', channel: 'web' },
      party: { contact: { kind: 'email', value: 'ada@example.com' }, since: 2024 },
      tags: ['food'],
    };
    const original = structuredClone(data);

    const [sealed] = await protector.seal([{ type: 'Posted', schemaVersion: 1, data }]);

    expect(data).toEqual(original);
    const stored = sealed!.data as typeof data;
    for (const value of [
      stored.description,
      stored.metadata.memo,
      stored.metadata.payee_name,
      stored.party.contact.value,
    ]) {
      expect(value).toMatch(/^pii:v1:/);
    }
    expect(stored).toMatchObject({
      ownerId: data.ownerId,
      amount: 1250,
      metadata: { channel: 'web' },
      party: { contact: { kind: 'email' }, since: 2024 },
      tags: ['food'],
    });

    const row = { type: 'Posted', data: JSON.parse(JSON.stringify(stored)) as unknown };
    await protector.open([row]);
    expect(row.data).toEqual(original);
  });

  it('passes an event with no personal data through as it is', async () => {
    const event = { type: 'Other', schemaVersion: 1, data: { description: 'not personal here' } };
    const [sealed] = await protector.seal([event]);
    expect(sealed).toBe(event);
  });
});
