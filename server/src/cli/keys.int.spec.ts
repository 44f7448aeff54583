import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@bank/events';
import {
  createPool,
  loadBankKeys,
  newMasterKey,
  WrongMasterKeyError,
  type Pool,
} from '@bank/infra';
import { createBankStore } from '../bank-store.ts';
import {
  ApiClient,
  signedUpCustomer,
  startTestBank,
  testDatabaseUrlAs,
  type TestBank,
} from '../testing/index.ts';
import { runKeys } from './keys-commands.ts';

let first: TestBank;
let second: TestBank | undefined;
let owner: Pool;
let databaseUrl: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-keys-'));

async function keys(argv: string[], secretsKey: string, newSecretsKey?: string) {
  const lines: string[] = [];
  const err = new PassThrough();
  let errText = '';
  err.on('data', (chunk) => (errText += String(chunk)));
  const code = await runKeys(
    owner,
    argv,
    { out: (line) => lines.push(line), err },
    { secretsKey, newSecretsKey, dataDir },
  );
  return { code, out: lines.join('\n'), err: errText };
}

/** A customer's registration as a bank reads it from the log (personal data opened). */
async function registration(bank: TestBank, customerId: string) {
  const events = await bank.store.readStream(streams.customer(customerId));
  return events.find((e) => e.type === 'CustomerRegistered')!.event.data as {
    email: string;
    ssnEncrypted: string;
  };
}

/** The same database again, connecting as `npm start` does (the owner migrates). */
const database = () => ({
  databaseUrl,
  migrationDatabaseUrl: testDatabaseUrlAs(databaseUrl, 'owner'),
});

const wrappedKeys = async () =>
  (
    await owner.query<{ customer_id: string; wrapped_key: string | null }>(
      'SELECT customer_id, wrapped_key FROM customer_keys ORDER BY customer_id',
    )
  ).rows;

beforeAll(async () => {
  first = await startTestBank();
  databaseUrl = first.config.databaseUrl!;
  owner = createPool(testDatabaseUrlAs(databaseUrl, 'owner'), 4);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await owner?.end();
});

describe('npm run keys -- rotate', () => {
  it('refuses while a process of the bank is running, and changes nothing', async () => {
    // Left running, the bank would wrap the next customer's key with the old key, which the
    // rotation then throws away: that customer could never sign in again.
    const oldKey = first.config.secretsKey!;
    const before = await wrappedKeys();
    const refused = await keys(['rotate'], oldKey, newMasterKey());
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/nothing changed: A process of the bank is running/);
    expect(await wrappedKeys()).toEqual(before);
    expect((await keys(['check'], oldKey)).code).toBe(0);
    const late = await signedUpCustomer(first);
    expect(
      (
        await first.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { account_number: late.user.account_number, password: late.payload.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('re-wraps every key to the new SECRETS_KEY: sealed data reads back with it alone, the old key opens nothing, the erased stay erased', async () => {
    const oldKey = first.config.secretsKey!;
    const ssn = '078-05-1120';
    const alice = await signedUpCustomer(first, { name: 'Alice Rotation', ssn });
    const bob = await signedUpCustomer(first, { name: 'Bob Erased' });
    const ops = new ApiClient(first);
    ops.token = first.opsToken;
    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: bob.accounts[0]!.account_number,
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const visitorEmail = `vera.${Date.now()}@example.net`;
    const contact = await new ApiClient(first).post('/api/contact/messages', {
      first_name: 'Vera',
      last_name: 'Visitor',
      email: visitorEmail,
      subject: 'General Inquiry',
      message: 'Please call me back',
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    // The keyed hash that recognises an external account in the log must survive rotations.
    const account = '021000021:123456789';
    const destinationHash = first.ctx.destinationMac(account);
    await first.stop();

    // A rotation from a key that is not the one in use changes nothing.
    const before = await wrappedKeys();
    const wrong = await keys(['rotate'], newMasterKey(), newMasterKey());
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/nothing changed/);
    expect(await wrappedKeys()).toEqual(before);

    const newKey = newMasterKey();
    const rotated = await keys(['rotate'], oldKey, newKey);
    expect(rotated.code, rotated.err).toBe(0);
    const live = before.filter((k) => k.wrapped_key !== null).length;
    expect(rotated.out).toContain(`Re-wrapped ${live} data keys`);
    expect(rotated.out).toContain('1 erased stay erased');
    const after = await wrappedKeys();
    expect(after.map((k) => k.customer_id)).toEqual(before.map((k) => k.customer_id));
    for (const [i, key] of after.entries()) {
      // Every live key has a new wrapping; the erased one is still gone.
      expect(key.wrapped_key === null).toBe(before[i]!.wrapped_key === null);
      if (key.wrapped_key !== null) expect(key.wrapped_key).not.toBe(before[i]!.wrapped_key);
    }
    expect(after.find((k) => k.customer_id === bob.user.id)!.wrapped_key).toBeNull();

    // The old key opens nothing: not the bank's keys, not a customer's, and the bank refuses it.
    await expect(loadBankKeys(owner, Buffer.from(oldKey, 'hex'))).rejects.toThrow(
      WrongMasterKeyError,
    );
    expect((await keys(['check'], oldKey)).code).toBe(1);
    const withOldKey = createBankStore(owner, Buffer.from(oldKey, 'hex'));
    const leaked = await withOldKey.store
      .readStream(streams.customer(alice.user.id))
      .then((events) => JSON.stringify(events))
      .catch(() => '');
    expect(leaked).not.toContain(alice.payload.email);
    await expect(startTestBank({ config: { ...database(), secretsKey: oldKey } })).rejects.toThrow(
      /SECRETS_KEY does not open this bank's keys/,
    );

    // The new key alone reads back what was sealed before the rotation.
    const check = await keys(['check'], newKey);
    expect(check.code, check.err).toBe(0);
    second = await startTestBank({ config: { ...database(), secretsKey: newKey } });
    const registered = await registration(second, alice.user.id);
    expect(registered.email).toBe(alice.payload.email);
    expect(second.ctx.secrets.decrypt(registered.ssnEncrypted)).toBe(ssn);
    expect(second.ctx.destinationMac(account)).toBe(destinationHash);
    const bobs = await registration(second, bob.user.id);
    expect(bobs.email).toBe('[erased]');
    // The customer signs in and sees her profile.
    const signIn = await new ApiClient(second).post('/api/login', {
      account_number: alice.user.account_number,
      password: alice.payload.password,
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    // A visitor's request is still found by email (the fingerprint key survived).
    const secondOps = new ApiClient(second);
    secondOps.token = second.opsToken;
    const forgotten = await secondOps.post('/api/ops/contact-requests/erase', {
      email: visitorEmail,
    });
    expect(forgotten.status, JSON.stringify(forgotten.body)).toBe(200);
    // A second rotation starts from the stored keys and works the same way.
    await second.stop();
    second = undefined;
    const newer = newMasterKey();
    expect((await keys(['rotate'], newKey, newer)).code).toBe(0);
    second = await startTestBank({ config: { ...database(), secretsKey: newer } });
    const again = await registration(second, alice.user.id);
    expect(again.email).toBe(alice.payload.email);
    expect(second.ctx.secrets.decrypt(again.ssnEncrypted)).toBe(ssn);
    expect(second.ctx.destinationMac(account)).toBe(destinationHash);
  }, 180_000);
});
