import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDestination, type TestBank } from '@bank/server/testing';
import { balances, customer, startMoneyBank, type Customer } from './money-test-helpers.ts';

/** A transfer that names a saved recipient: the account comes from the customer's sealed record. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

const NEW_ACCOUNT =
  'Transfers to a new account are limited to $1,000.00 each until 3 days after you first save it or send it money.';
const CHOOSE = 'Please choose one of your saved recipients';
const landlord = {
  type: 'external-bank',
  nickname: 'Landlord',
  recipientName: 'Pat Doe',
  bankName: 'Other Bank',
  accountNumber: '123456789',
  routingNumber: '021000021',
};
const oma = {
  type: 'sepa',
  nickname: 'Oma',
  recipientName: 'Greta Berg',
  bankName: 'Deutsche Bank',
  iban: 'DE89 3704 0044 0532 0130 00',
  country: 'DE',
};

async function save(c: Customer, recipient: object): Promise<string> {
  const added = await c.client.post('/api/transfers/recipients', recipient);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.recipient.id as string;
}

/** Deletes a saved recipient: a retry of what was sent to it must still get its answer. */
async function forget(c: Customer, id: string) {
  const deleted = await c.client.delete(`/api/transfers/recipients/${id}`);
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
}

describe('transfers to a saved recipient', () => {
  it('sends to the saved account once per Idempotency-Key, typed account fields ignored', async () => {
    const c = await customer(bank, 'Picky Sender', 2_000);
    const id = await save(c, landlord);
    const headers = { 'idempotency-key': 'saved-1' };
    const request = {
      fromAccount: c.checking.id,
      amount: 200,
      savedRecipientId: id,
      // Typed alongside the saved recipient: ignored, the sealed record decides.
      accountNumber: '99998888',
    };
    const sent = await c.client.post('/api/transfers/external-bank', request, headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const again = await c.client.post('/api/transfers/external-bank', request, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.stringify(sent.body)).not.toContain('123456789');
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 2_000 - 200 - 3 });
    const reference = sent.body.data.transfer.reference_number as string;
    const receipt = await c.client.get(`/api/transactions/${reference}`);
    expect(receipt.status).toBe(200);
    expect(JSON.stringify(receipt.body)).toContain('Pat Doe');
  });

  it('sends SEPA to a saved IBAN with only the purpose chosen', async () => {
    const c = await customer(bank, 'Euro Sender', 2_000);
    const id = await save(c, oma);
    const sent = await c.client.post('/api/wire-transfers/sepa', {
      fromAccount: c.checking.id,
      amount: 100,
      savedRecipientId: id,
      purposeOfPayment: 'FAMI',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it('holds a saved recipient picked in the form to the new-destination limit', async () => {
    const c = await customer(bank, 'Limited Picker', 5_000);
    const id = await save(c, landlord);
    // The account typed alongside is one the customer has paid for long: were it the one sent
    // to, the transfer would pass.
    await knownDestination(bank, c.id, { routingNumber: '021000021', accountNumber: '55554444' });
    const over = await c.client.post('/api/transfers/external-bank', {
      fromAccount: c.checking.id,
      amount: 1_000.01,
      savedRecipientId: id,
      // A different typed account does not dodge the limit: the saved account is the one sent to.
      accountNumber: '55554444',
    });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(over.body.errors.amount).toEqual([NEW_ACCOUNT]);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 5_000 });
  });

  it('schedules a transfer to a saved recipient', async () => {
    const c = await customer(bank, 'Planning Picker', 500);
    const id = await save(c, landlord);
    const later = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const planned = await c.client.post('/api/transfers/scheduled', {
      type: 'external-bank',
      fromAccount: c.checking.id,
      amount: 25,
      transferDate: later,
      savedRecipientId: id,
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const stranger = await customer(bank, 'Planning Stranger', 500);
    const refused = await stranger.client.post('/api/transfers/scheduled', {
      type: 'external-bank',
      fromAccount: stranger.checking.id,
      amount: 25,
      transferDate: later,
      savedRecipientId: id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.savedRecipientId).toEqual([CHOOSE]);
  });

  it("refuses another customer's, an unknown, a malformed or a wrong-type recipient id", async () => {
    const owner = await customer(bank, 'Book Owner', 500);
    const stranger = await customer(bank, 'Book Stranger', 500);
    const ownersId = await save(owner, landlord);
    const sepaId = await save(stranger, oma);
    const tries = [
      ['/api/transfers/external-bank', ownersId],
      ['/api/transfers/external-bank', '00000000-0000-4000-8000-000000000000'],
      ['/api/transfers/external-bank', 'not-an-id'],
      ['/api/transfers/external-bank', sepaId],
      ['/api/wire-transfers/sepa', ownersId],
    ] as const;
    for (const [url, savedRecipientId] of tries) {
      const refused = await stranger.client.post(url, {
        fromAccount: stranger.checking.id,
        amount: 50,
        savedRecipientId,
        purposeOfPayment: 'FAMI',
      });
      expect(refused.status, `${url} ${savedRecipientId}`).toBe(422);
      expect(refused.body.errors.savedRecipientId).toEqual([CHOOSE]);
    }
    await bank.runner.catchUp();
    expect(await balances(stranger, stranger.checking.id)).toMatchObject({ available: 500 });
    expect(await balances(owner, owner.checking.id)).toMatchObject({ available: 500 });
  });
  it('replays a payment to a saved recipient deleted since, and moves the money once', async () => {
    const c = await customer(bank, 'Forgetful Payer', 500);
    const id = await save(c, landlord);
    const headers = { 'idempotency-key': 'rent-after-delete' };
    const request = { fromAccount: c.checking.id, amount: 25, memo: 'rent', savedRecipientId: id };
    const url = '/api/transfers/external-bank';
    const sent = await c.client.post(url, request, headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await forget(c, id);

    const again = await c.client.post(url, request, headers);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(sent.body);
    // Fifty at once: each the first answer, still one payment.
    const racing = await Promise.all(
      Array.from({ length: 50 }, () => c.client.post(url, request, headers)),
    );
    for (const answer of racing) expect(answer.body).toEqual(sent.body);
    await bank.runner.catchUp();
    const recent = (await c.client.get('/api/transfers/recent')).body.data.transfers;
    expect(recent).toHaveLength(1);
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 500 - 25 - 3 });

    // Another request under the key is still refused, as the key's, not the recipient's, error.
    const other = await c.client.post(url, { ...request, amount: 26 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Without the key, the deleted recipient is refused as before.
    const fresh = await c.client.post(url, request);
    expect(fresh.status).toBe(422);
    expect(fresh.body.errors.savedRecipientId).toEqual([CHOOSE]);
  });

  it('replays a schedule to a saved recipient deleted since', async () => {
    const c = await customer(bank, 'Forgetful Planner', 500);
    const id = await save(c, landlord);
    const headers = { 'idempotency-key': 'plan-after-delete' };
    const request = {
      type: 'external-bank',
      fromAccount: c.checking.id,
      amount: 25,
      transferDate: addDaysIso(bankToday(), 10),
      frequency: 'monthly',
      savedRecipientId: id,
    };
    const planned = await c.client.post('/api/transfers/scheduled', request, headers);
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    await forget(c, id);
    const again = await c.client.post('/api/transfers/scheduled', request, headers);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(planned.body);
  });
});
