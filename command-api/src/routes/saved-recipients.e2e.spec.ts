import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecipientSaved, streams } from '@bank/events';
import { ageStepUp, type TestBank } from '@bank/server/testing';
import { balances, customer, startMoneyBank, type Customer } from './money-test-helpers.ts';

/**
 * The address book of external and SEPA recipients, and the new-destination limit in the
 * pipeline (saved or typed in).
 */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW_ACCOUNT =
  'Transfers to a new account are limited to $1,000.00 each until 3 days after you first save it or send it money.';
const DAY_MS = 24 * 3600 * 1000;
const landlord = {
  type: 'external-bank',
  nickname: 'Landlord',
  recipientName: 'Pat Doe',
  bankName: 'Other Bank',
  accountNumber: '123456789',
  routingNumber: '021000021',
};

async function listed(c: Customer) {
  await bank.runner.catchUp();
  return (await c.client.get('/api/transfers/recipients')).body.data.recipients as {
    id: string;
    nickname: string;
    account: string;
    type: string;
    saved_at: string;
    new_account_limit: { per_transfer: number; until: string } | null;
  }[];
}

function refusedAsNew(response: { status: number; body: Record<string, unknown> }) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body).toMatchObject({
    code: 'DAILY_LIMIT_EXCEEDED',
    errors: { amount: [NEW_ACCOUNT] },
  });
}

function sendExternal(c: Customer, amount: number, accountNumber = landlord.accountNumber) {
  return c.client.post('/api/transfers/external-bank', {
    fromAccount: c.checking.id,
    amount,
    recipientName: 'Pat Doe',
    bankName: 'Other Bank',
    accountNumber,
    routingNumber: '021000021',
  });
}

describe('saved recipients', () => {
  it('adds only after step-up, then renames and deletes; the account stays masked', async () => {
    const c = await customer(bank, 'Address Book');
    await ageStepUp(bank, c.id);
    const refused = await c.client.post('/api/transfers/recipients', landlord);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect(await listed(c)).toEqual([]);

    // The customer confirms it is them again (as POST /api/step-up records it).
    await bank.ownerPool.query(`UPDATE sessions SET stepped_up_at = now() WHERE customer_id = $1`, [
      c.id,
    ]);
    await bank.ctx.sessions.caughtUp();
    const added = await c.client.post('/api/transfers/recipients', landlord);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.data.recipient.id as string;
    expect(added.body.data.recipient).toMatchObject({ nickname: 'Landlord', account: '****6789' });
    expect(JSON.stringify(added.body)).not.toContain('123456789');

    const twice = await c.client.post('/api/transfers/recipients', landlord);
    expect(twice.status).toBe(422);
    expect(twice.body.errors.accountNumber).toEqual([
      'This account is already in your saved recipients.',
    ]);

    const sepa = await c.client.post('/api/transfers/recipients', {
      type: 'sepa',
      nickname: 'Oma',
      recipientName: 'Greta Berg',
      bankName: 'Deutsche Bank',
      iban: 'DE89 3704 0044 0532 0130 00',
      country: 'DE',
    });
    expect(sepa.status, JSON.stringify(sepa.body)).toBe(201);
    // The same IBAN again, written another way: refused under the field the SEPA form has.
    const sepaTwice = await c.client.post('/api/transfers/recipients', {
      type: 'sepa',
      nickname: 'Oma again',
      recipientName: 'Greta Berg',
      bankName: 'Deutsche Bank',
      iban: 'de89370400440532013000',
      country: 'DE',
    });
    expect(sepaTwice.status).toBe(422);
    expect(sepaTwice.body.errors).toEqual({
      iban: ['This account is already in your saved recipients.'],
    });

    expect(
      (await c.client.put(`/api/transfers/recipients/${id}`, { nickname: 'Rent' })).status,
    ).toBe(200);
    const blank = await c.client.put(`/api/transfers/recipients/${id}`, { nickname: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.nickname).toEqual(['Please enter a nickname']);
    expect((await listed(c)).map((r) => [r.nickname, r.type, r.account])).toEqual([
      ['Oma', 'sepa', '****3000'],
      ['Rent', 'external-bank', '****6789'],
    ]);

    expect((await c.client.delete(`/api/transfers/recipients/${id}`)).status).toBe(200);
    expect((await listed(c)).map((r) => r.nickname)).toEqual(['Oma']);
    expect((await c.client.delete(`/api/transfers/recipients/${id}`)).status).toBe(404);
  });

  it('refuses bad recipients with field errors', async () => {
    const c = await customer(bank, 'Sloppy Typist');
    const bad = await c.client.post('/api/transfers/recipients', {
      ...landlord,
      routingNumber: '123456789',
      nickname: 'x'.repeat(51),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['nickname', 'routingNumber']);
    const noType = await c.client.post('/api/transfers/recipients', { ...landlord, type: 'wire' });
    expect(noType.body.errors.type).toEqual(['Please choose external-bank or sepa']);
  });

  it('holds a new account to $1,000 per transfer, saved or typed in, until 3 days after it is first saved or paid', async () => {
    const c = await customer(bank, 'Cautious Sender', 10_000);
    const added = await c.client.post('/api/transfers/recipients', landlord);
    expect(added.status).toBe(201);
    const savedAt = Date.parse(added.body.data.recipient.saved_at);
    const limit = { per_transfer: 1000, until: new Date(savedAt + 3 * DAY_MS).toISOString() };
    expect(added.body.data.recipient.new_account_limit).toEqual(limit);
    expect((await listed(c))[0]!.new_account_limit).toEqual(limit);
    refusedAsNew(await sendExternal(c, 1_000.01));
    expect((await sendExternal(c, 1_000)).status).toBe(201);

    // Typed into the form, never saved: held the same, ACH and SEPA.
    refusedAsNew(await sendExternal(c, 1_500, '55554444'));
    refusedAsNew(
      await c.client.post('/api/wire-transfers/sepa', {
        fromAccount: c.checking.id,
        amount: 1_500,
        recipientName: 'Greta Berg',
        bankName: 'Deutsche Bank',
        iban: 'DE89370400440532013000',
        country: 'DE',
        purposeOfPayment: 'FAMI',
      }),
    );
    const first = await sendExternal(c, 900, '55554444');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // A first payment starts the 3 days; it does not lift the limit at once, by hand or by Repeat.
    refusedAsNew(await sendExternal(c, 1_500, '55554444'));
    refusedAsNew(
      await c.client.post(`/api/transfers/${first.body.data.transfer.id}/repeat`, {
        amount: 1_500,
      }),
    );

    // Each first payment is recorded once, on the address book's stream, under a keyed hash.
    const log = await bank.store.readStream(streams.savedRecipients(c.id));
    const firstPaid = log.filter((e) => e.type === 'DestinationFirstPaid');
    expect(firstPaid).toHaveLength(2);
    const unkeyed = ['021000021:123456789', '021000021:55554444'].map((key) =>
      createHash('sha256').update(key).digest('hex'),
    );
    for (const e of [...firstPaid, log.find((x) => x.type === 'RecipientSaved')!]) {
      const hash = (e.event.data as { destinationHash: string }).destinationHash;
      expect(hash).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
      expect(unkeyed).not.toContain(hash.slice('hmac-sha256:'.length));
    }
    expect(JSON.stringify(log.map((e) => e.event))).not.toContain('55554444');

    // What this customer paid is still new to another customer.
    const other = await customer(bank, 'Other Sender', 5_000);
    refusedAsNew(await sendExternal(other, 1_500, '55554444'));

    // Three days later both accounts are known: the channel's own limits apply.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 3 * DAY_MS + 60_000);
    expect((await sendExternal(c, 1_500, '55554444')).status).toBe(201);
    expect((await sendExternal(c, 1_500)).status).toBe(201);
    expect((await listed(c))[0]!.new_account_limit).toBeNull();
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toMatchObject({
      available: 10_000 - 1_000 - 900 - 1_500 - 1_500 - 4 * 3,
    });
  });

  it('still recognises an account saved before its hash was keyed (a bare SHA-256 in the log)', async () => {
    const c = await customer(bank, 'Old Address Book', 5_000);
    const recipientId = randomUUID();
    await bank.ctx.bus.execute({ actor: 'system:test' }, async (uow) => {
      uow.appendAny(streams.savedRecipients(c.id), [
        RecipientSaved.create({
          customerId: c.id,
          recipientId,
          kind: 'external-bank',
          nickname: 'Old Landlord',
          recipientName: 'Pat Doe',
          bankName: 'Other Bank',
          accountEncrypted: bank.ctx.secrets.encrypt(landlord.accountNumber),
          accountLast4: '6789',
          destinationHash: createHash('sha256').update('021000021:123456789').digest('hex'),
          routingNumber: '021000021',
          savedAt: new Date(Date.now() - 4 * DAY_MS).toISOString(),
        }),
      ]);
    });
    const twice = await c.client.post('/api/transfers/recipients', landlord);
    expect(twice.status).toBe(422);
    expect(twice.body.errors.accountNumber).toEqual([
      'This account is already in your saved recipients.',
    ]);
    expect((await sendExternal(c, 1_500)).status).toBe(201);
    expect(await listed(c)).toEqual([
      expect.objectContaining({
        id: recipientId,
        nickname: 'Old Landlord',
        new_account_limit: null,
      }),
    ]);
  });

  it("answers 404 for another customer's recipient", async () => {
    const owner = await customer(bank, 'Recipient Owner');
    const stranger = await customer(bank, 'Recipient Stranger');
    const id = (await owner.client.post('/api/transfers/recipients', landlord)).body.data.recipient
      .id as string;
    const put = await stranger.client.put(`/api/transfers/recipients/${id}`, { nickname: 'Mine' });
    expect(put.status).toBe(404);
    expect((await stranger.client.delete(`/api/transfers/recipients/${id}`)).status).toBe(404);
    expect(await listed(stranger)).toEqual([]);
    expect((await listed(owner)).map((r) => r.nickname)).toEqual(['Landlord']);
  });
});
