import { signedUpCustomer, type ApiClient, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireZellePayment } from '../services/zelle.ts';
import {
  balances,
  customer,
  dispatchJobs,
  ledger,
  opsClient,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/** Zelle to an email nobody had enrolled: claimed only with a one-time code from the outbox. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

let counter = 0;

/** A sender with a payment of `amount` pending for a fresh email, and who enrolls that email. */
async function pendingPayment(amount: number) {
  counter += 1;
  const sender = await customer(bank, `Sender ${counter}`, 500);
  const email = `unclaimed.${Date.now()}.${counter}@example.com`;
  const sent = await sender.client.post('/api/zelle/send', {
    bank_account_id: sender.checking.id,
    amount,
    recipient_name: 'Newcomer',
    recipient_email: email,
  });
  expect(sent.status).toBe(201);
  const newcomer = await signedUpCustomer(bank, { name: `Newcomer ${counter}`, email });
  await dispatchJobs(bank);
  return { sender, email, paymentId: sent.body.data.transaction.id as string, newcomer };
}

/** The code in the ops outbox for this email (no mail server exists here). */
async function codeFromOutbox(email: string): Promise<string> {
  const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
    .zelle_claim_codes as { sent_to: string; message: string | null }[];
  const message = outbox.find((m) => m.sent_to === email && m.message)?.message ?? '';
  return /\d{6}/.exec(message)![0];
}

async function checkingBalance(client: ApiClient, accountId: string): Promise<number> {
  await bank.runner.catchUp();
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.balance;
}

function claim(client: ApiClient, code: string, headers: Record<string, string> = {}) {
  return client.post('/api/zelle/claims', { kind: 'email', code }, headers);
}

describe('claiming with a one-time code', () => {
  it('credits the money once the code from the outbox is entered, exactly once', async () => {
    const { sender, email, newcomer } = await pendingPayment(80);
    const checking = newcomer.accounts[0]!.id;
    const asked = await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(201);
    expect(asked.body.data.payments_waiting).toBe(1);
    expect(asked.body.data.sent_to).not.toContain(email.split('@')[0]);
    const code = await codeFromOutbox(email);
    const { rows } = await bank.pool.query(
      'SELECT code_hash FROM zelle_claim_codes WHERE customer_id = $1',
      [newcomer.user.id],
    );
    expect(rows[0].code_hash).not.toContain(code);

    const wrong = await claim(newcomer.client, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['This code is not correct.']);
    expect(await checkingBalance(newcomer.client, checking)).toBe(0);

    const headers = { 'idempotency-key': `claim-${email}` };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => claim(newcomer.client, code, headers)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(answers[0]!.body.data.total).toBe(80);
    expect(await checkingBalance(newcomer.client, checking)).toBe(80);
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 420, available: 420 });

    // The code is used up: another request with it claims nothing more.
    const again = await claim(newcomer.client, code);
    expect(again.status).toBe(422);
    expect(await checkingBalance(newcomer.client, checking)).toBe(80);
    const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
      .zelle_claim_codes as { sent_to: string; message: string | null }[];
    expect(outbox.filter((m) => m.sent_to === email).map((m) => m.message)).toEqual([null]);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('spends a code after five wrong tries, even against fifty racing guesses', async () => {
    const { email, newcomer } = await pendingPayment(40);
    await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    const code = await codeFromOutbox(email);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1e6));
    const answers = await Promise.all(
      guesses.map((g) => claim(newcomer.client, g.padStart(6, '0'))),
    );
    expect(answers.every((a) => a.status === 422)).toBe(true);
    const { rows } = await bank.pool.query(
      'SELECT attempts FROM zelle_claim_codes WHERE customer_id = $1',
      [newcomer.user.id],
    );
    expect(rows[0].attempts).toBe(5);
    const right = await claim(newcomer.client, code);
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual([
      'This code is invalid or has expired. Please ask for a new code.',
    ]);
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(0);
  });

  it('refuses bad input and a customer with nothing waiting, with a 4xx and no effect', async () => {
    const lonely: Customer = await customer(bank, 'Nothing Waiting', 10);
    const none = await lonely.client.post('/api/zelle/claims/code', { kind: 'phone' });
    expect(none.status).toBe(422);
    expect(none.body.errors.kind).toEqual(['No Zelle payments are waiting for your phone number.']);
    const badKind = await lonely.client.post('/api/zelle/claims/code', { kind: 'fax' });
    expect(badKind.body.errors.kind).toEqual(['Please choose email or phone.']);
    const badCode = await lonely.client.post('/api/zelle/claims', { kind: 'email', code: '12ab' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toEqual(['Please enter the 6-digit code.']);
    const noCode = await claim(lonely.client, '123456');
    expect(noCode.status).toBe(422);
    expect(await balances(lonely, lonely.checking.id)).toEqual({ balance: 10, available: 10 });
  });

  it('returns the money to the sender at the end of the window when nobody claimed it', async () => {
    const { sender, paymentId, newcomer } = await pendingPayment(60);
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('returned');
    await bank.runner.catchUp();
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 500, available: 500 });
    const asked = await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(422);
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(0);
  });
});
