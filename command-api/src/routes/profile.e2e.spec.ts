import { deposit, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('profile contact changes', () => {
  it('claims a new phone and email, so other customers find the customer under them', async () => {
    const sam = await signedUpCustomer(bank, { name: 'Sam Lee' });
    const payer = await signedUpCustomer(bank);
    const phone = `207${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const email = `sam.new.${Date.now()}@example.com`;
    expect((await sam.client.put('/api/profile', { phone, email })).status).toBe(200);

    for (const recipient of [phone, email]) {
      const found = await payer.client.post('/api/transfers/validate-recipient', { recipient });
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({ valid: true, recipientName: 'Sam Lee' });
    }
    // Nobody else can take them now.
    const other = await signedUpCustomer(bank);
    const taken = await other.client.put('/api/profile', { phone, email });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const phoneTaken = await other.client.put('/api/profile', { phone });
    expect(phoneTaken.body.errors).toEqual({ phone: ['The phone has already been taken.'] });
  });
});

describe('notifications of transfers between own accounts', () => {
  it('does not announce money the customer moved between their own accounts', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 100);
    const moved = await client.post('/api/transfers/between-accounts', {
      fromAccount: accounts[0]!.id,
      toAccount: accounts[1]!.id,
      amount: 25,
      memo: 'Savings',
    });
    expect(moved.status).toBe(201);
    await bank.runner.catchUp();
    const titles = (
      await client.get('/api/notifications?type=transaction')
    ).body.data.notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain('Deposit received');
    expect(titles).not.toContain('Money received');
  });
});
