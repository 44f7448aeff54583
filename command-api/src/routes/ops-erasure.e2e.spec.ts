import { streams } from '@bank/events';
import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAggregate } from '../domain/account/account.ts';
import { foldRecorded } from '../kernel/aggregate.ts';
import { customer, ledger, opsClient, type Customer } from './money-test-helpers.ts';

/** Staff erase a customer only once nothing is left at the bank, and post nothing to them after. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

/** An account as its own stream has it (what the money decisions see). */
async function stored(accountId: string) {
  return foldRecorded(accountAggregate, await bank.store.readStream(streams.account(accountId)));
}

const erase = (accountNumber: string) =>
  opsClient(bank).post('/api/ops/customers/erase', { account_number: accountNumber });
const tellerDeposit = (accountNumber: string, amount: number) =>
  opsClient(bank).post('/api/ops/deposits', { account_number: accountNumber, amount });

/** Sends `amount` from one customer to another's email by same-bank transfer. */
async function sameBank(from: Customer, to: Customer, amount: number) {
  const sent = await from.client.post('/api/transfers/same-bank', {
    fromAccount: from.checking.id,
    amount,
    recipientEmail: to.email,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
}

describe('erasing a customer', () => {
  it('is refused while money or a pending payment is left; then nothing is posted to them', async () => {
    const payer = await customer(bank, 'Pat Payer', 100);
    const erin = await customer(bank, 'Erin Erasable');
    const zelle = await payer.client.post('/api/zelle/send', {
      bank_account_id: payer.checking.id,
      amount: 5,
      recipient_name: 'Erin',
      recipient_email: erin.email,
    });
    expect(zelle.status, JSON.stringify(zelle.body)).toBe(201);
    await sameBank(payer, erin, 6);

    const refused = await erase(erin.checking.account_number);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toBe(
      'This customer cannot be erased yet: Premium Checking holds $11.00. Close out the ' +
        'accounts first: pay out or move every balance and coin, let pending payments and ' +
        'deposits finish or cancel them, and cancel scheduled transfers and bill payments; ' +
        'then erase.',
    );
    // Nothing changed: the customer still signs in and sees their money.
    expect((await erin.client.get('/api/accounts')).status).toBe(200);
    expect((await stored(erin.checking.id)).closed).toBe(false);

    // A payment awaiting its claim is pending: it would return its amount to the account.
    await sameBank(erin, payer, 6);
    const unclaimed = await erin.client.post('/api/zelle/send', {
      bank_account_id: erin.checking.id,
      amount: 5,
      recipient_name: 'Nobody Yet',
      recipient_email: `nobody.${erin.id}@example.com`,
    });
    expect(unclaimed.status, JSON.stringify(unclaimed.body)).toBe(201);
    const pending = await erase(erin.checking.account_number);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toContain(
      'Premium Checking holds $5.00; Premium Checking has 1 pending payment.',
    );
    const paymentId = unclaimed.body.data.transaction.id as string;
    const cancelled = await erin.client.post(`/api/zelle/payments/${paymentId}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await sameBank(erin, payer, 5);

    const erased = await erase(erin.checking.account_number);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    for (const account of erin.accounts) {
      expect(await stored(account.id)).toMatchObject({ closed: true, balance: 0, holds: {} });
    }

    // A teller deposit to the erased customer's account is refused, and nothing is posted.
    for (const account of erin.accounts) {
      const deposit = await tellerDeposit(account.account_number, 1.23);
      expect(deposit.status, JSON.stringify(deposit.body)).toBe(422);
      expect(deposit.body.errors).toEqual({
        account_number: [
          'This account is closed: its customer has been erased. Nothing was posted.',
        ],
      });
      expect((await stored(account.id)).balance).toBe(0);
    }
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('lets staff pay a customer out at the teller, never more than is available', async () => {
    const c = await customer(bank, 'Paid Out', 30);
    const ops = opsClient(bank);
    const body = { account_number: c.checking.account_number, amount: 30.01 };
    const over = await ops.post('/api/ops/withdrawals', body);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('INSUFFICIENT_FUNDS');
    const paid = await ops.post('/api/ops/withdrawals', { ...body, amount: 30 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.message).toBe('Withdrawal paid out');
    expect(paid.body.data.reference_number).toMatch(/^WDL-/);
    expect((await stored(c.checking.id)).balance).toBe(0);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('refuses a deposit decided before the erasure that reaches the log after it', async () => {
    const c = await signedUpCustomer(bank, { name: 'Late Deposit' }, { proveContacts: false });
    const [checking] = c.accounts;
    const append = bank.store.append;
    let erased: Awaited<ReturnType<typeof erase>> | undefined;
    // The deposit's append waits while the whole erasure runs: the deposit was decided on the
    // account as it was before, and is written after the account closed.
    bank.store.append = async (...args: Parameters<typeof append>) => {
      const crediting = args[0].some(
        (a) =>
          a.streamId === streams.account(checking!.id) &&
          a.events.some((e) => e.type === 'AccountCredited'),
      );
      if (crediting && !erased) erased = await erase(checking!.account_number);
      return append.apply(bank.store, args);
    };
    let deposited;
    try {
      deposited = await tellerDeposit(checking!.account_number, 7);
    } finally {
      bank.store.append = append;
    }
    expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(422);
    expect(await stored(checking!.id)).toMatchObject({ closed: true, balance: 0 });
  });

  it('never leaves money on an erased account: twenty deposits racing twenty erasures', async () => {
    // Registered one after another: registrations at once are turned away (password hashing).
    const customers = [];
    for (let i = 0; i < 20; i += 1) {
      customers.push(
        await signedUpCustomer(bank, { name: `Racer ${i}` }, { proveContacts: false }),
      );
    }
    const outcomes = await Promise.all(
      customers.map(async (c, i) => {
        const number = c.accounts[0]!.account_number;
        // The erasure starts a little later each pair, so some land while a deposit is deciding.
        const later = new Promise((resolve) => setTimeout(resolve, i));
        const [erased, deposited] = await Promise.all([
          later.then(() => erase(number)),
          tellerDeposit(number, 7),
        ]);
        return { c, erased, deposited };
      }),
    );
    for (const { c, erased, deposited } of outcomes) {
      const account = await stored(c.accounts[0]!.id);
      const what = JSON.stringify({ erased: erased.body, deposited: deposited.body });
      if (erased.status === 200) {
        // Erased: the deposit came after, was refused, and the account holds nothing.
        expect(deposited.status, what).toBe(422);
        expect(account, what).toMatchObject({ closed: true, balance: 0 });
      } else {
        // The deposit came first: the erasure is refused for it, and the money is the customer's.
        expect(erased.status, what).toBe(409);
        expect(deposited.status, what).toBe(201);
        expect(account, what).toMatchObject({ closed: false, balance: 700 });
      }
    }
    // Either order may win each race; whichever did, the books balance.
    expect((await ledger(bank)).balanced).toBe(true);
  });
});
