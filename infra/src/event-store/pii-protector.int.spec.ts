import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createSecretBox } from '../security/encryption.ts';
import { createKeyring, type Keyring } from '../security/keyring.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createPiiProtector, type EventProtector } from './pii-protector.ts';

const rules = {
  Posted: [
    {
      owner: ['ownerId'],
      fields: ['description', 'metadata.memo', 'metadata.payee_name', 'party.contact.value'],
    },
  ],
  // The sender's fields, and the recipient's, sealed with the sender's key when no recipient.
  Sent: [
    { owner: ['senderId'], fields: ['senderName', 'memo'] },
    { owner: ['recipientId', 'senderId'], fields: ['recipientName'] },
  ],
};

let pool: Pool;
let keyring: Keyring;
let protector: EventProtector;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  keyring = createKeyring(pool, createSecretBox(randomBytes(32)), randomBytes(32));
  protector = createPiiProtector(keyring, rules, '[erased]');
});

/** The ciphertexts in a stored event: each is one cipher to set up when it is opened. */
const ciphertexts = (stored: unknown) => JSON.stringify(stored).match(/pii[a-z-]*:v1:/g) ?? [];

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
    // One cipher for the four fields, none of their text in clear.
    expect(ciphertexts(stored)).toHaveLength(1);
    for (const clear of ['Dinner', 'split bill', 'Ada Lovelace', 'ada@example.com']) {
      expect(JSON.stringify(stored)).not.toContain(clear);
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

  it('opens what was sealed field by field, one cipher per field, as before', async () => {
    const ownerId = randomUUID();
    const key = await keyring.ensure(ownerId);
    const row = {
      type: 'Posted',
      data: {
        ownerId,
        description: `pii:${key.encrypt('Rent')}`,
        metadata: { memo: `pii:${key.encrypt('pii:v1:typed by the customer')}` },
        party: { contact: { value: `pii-json:${key.encrypt(JSON.stringify({ at: 'home' }))}` } },
      } as unknown,
    };
    await protector.open([row]);
    expect(row.data).toEqual({
      ownerId,
      description: 'Rent',
      metadata: { memo: 'pii:v1:typed by the customer' },
      party: { contact: { value: { at: 'home' } } },
    });
  });

  it('opens to what was sealed, and to [erased] once the key is destroyed, for any fields present', async () => {
    // Text a customer may type, including what looks like a sealed form or a JSON path.
    const texts = [
      '',
      ' ',
      'Ada',
      'pii:v1:a:b:c',
      'pii-set:x',
      'pii-in-set',
      'pii',
      'a"b\\c',
      '\u0001\t\n',
      '💸 €5',
      'metadata.memo',
      'x'.repeat(2000),
    ];
    const pick = (i: number) => texts[(i * 7 + 3) % texts.length]!;
    for (let round = 0; round < 60; round += 1) {
      const ownerId = randomUUID();
      const data: Record<string, unknown> = { ownerId, amount: round };
      const metadata: Record<string, unknown> = { channel: 'web' };
      if (round % 2 === 0) data.description = pick(round);
      if (round % 3 !== 0) metadata.memo = pick(round + 1);
      if (round % 5 !== 1)
        metadata.payee_name = round % 4 === 0 ? { first: pick(round + 2) } : pick(round + 2);
      data.metadata = metadata;
      if (round % 7 !== 2) data.party = { contact: { value: pick(round + 3) } };
      const original = structuredClone(data);
      const [sealed] = await protector.seal([{ type: 'Posted', schemaVersion: 1, data }]);
      const stored = JSON.stringify(sealed!.data);
      const open = async () => {
        const row = { type: 'Posted', data: JSON.parse(stored) as unknown };
        await protector.open([row]);
        return row.data;
      };
      expect(await open()).toEqual(original);
      await keyring.destroy(ownerId);
      const erased = structuredClone(original) as typeof original & {
        metadata: Record<string, unknown>;
        party?: { contact: Record<string, unknown> };
      };
      if ('description' in erased) erased.description = '[erased]';
      for (const field of ['memo', 'payee_name']) {
        if (field in erased.metadata) erased.metadata[field] = '[erased]';
      }
      if (erased.party) erased.party.contact.value = '[erased]';
      expect(await open()).toEqual(erased);
    }
  });

  it("seals two rules' fields with one cipher when they name the same subject, and opens them", async () => {
    const senderId = randomUUID();
    const recipientId = randomUUID();
    // The recipient's name in clear looks like a sealed form: it must not be opened twice.
    const own = { senderId, senderName: 'Ada', memo: 'rent', recipientName: 'pii:v1:a:b:c' };
    const other = { ...own, recipientId, recipientName: 'Grace' };
    const sealed = await protector.seal([
      { type: 'Sent', schemaVersion: 1, data: own },
      { type: 'Sent', schemaVersion: 1, data: other },
    ]);
    expect(ciphertexts(sealed[0]!.data)).toHaveLength(1);
    expect(ciphertexts(sealed[1]!.data)).toHaveLength(2);
    const rows = sealed.map((e) => ({ type: 'Sent', data: JSON.parse(JSON.stringify(e.data)) }));
    await protector.open(rows);
    expect(rows.map((r) => r.data as unknown)).toEqual([own, other]);

    await keyring.destroy(recipientId);
    const reread = sealed.map((e) => ({ type: 'Sent', data: JSON.parse(JSON.stringify(e.data)) }));
    await protector.open(reread);
    expect(reread.map((r) => r.data as unknown)).toEqual([
      own,
      { ...other, recipientName: '[erased]' },
    ]);
  });

  it('passes an event with no personal data through as it is', async () => {
    const event = { type: 'Other', schemaVersion: 1, data: { description: 'not personal here' } };
    const [sealed] = await protector.seal([event]);
    expect(sealed).toBe(event);
  });
});
