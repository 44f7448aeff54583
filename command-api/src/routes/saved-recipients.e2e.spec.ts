import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBank } from '@bank/stack/testing';
import { balances, customer, startMoneyBank, type Customer } from './money-test-helpers.ts';

/** The address book of external and SEPA recipients, and the new-recipient limit in the pipeline. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

const NEW_RECIPIENT =
  'Transfers to a recipient saved less than 3 days ago are limited to $1,000.00 each.';
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
  }[];
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
    await bank.ownerPool.query(
      `UPDATE sessions SET stepped_up_at = now() - interval '10 minutes' WHERE customer_id = $1`,
      [c.id],
    );
    const refused = await c.client.post('/api/transfers/recipients', landlord);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect(await listed(c)).toEqual([]);

    // The customer confirms it is them again (as POST /api/step-up records it).
    await bank.ownerPool.query(`UPDATE sessions SET stepped_up_at = now() WHERE customer_id = $1`, [
      c.id,
    ]);
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

  it('holds a newly saved recipient to $1,000 per transfer, in the pipeline', async () => {
    const c = await customer(bank, 'Cautious Sender', 5_000);
    expect((await c.client.post('/api/transfers/recipients', landlord)).status).toBe(201);
    const over = await sendExternal(c, 1_000.01);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(over.body.errors.amount).toEqual([NEW_RECIPIENT]);
    expect((await sendExternal(c, 1_000)).status).toBe(201);
    // An account that is not in the address book keeps the channel's own limit.
    expect((await sendExternal(c, 1_500, '55554444')).status).toBe(201);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toMatchObject({ available: 5_000 - 2_500 - 6 });
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
