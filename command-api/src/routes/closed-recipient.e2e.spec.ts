import { RECIPIENT_MESSAGES } from '@bank/contracts';
import { moneyStreams, streams } from '@bank/events';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { foldRecorded } from '../kernel/aggregate.ts';
import { customer, ledger, opsClient, type Customer } from './money-test-helpers.ts';

/**
 * A payment decided while its recipient's account was open, whose credit reaches the log after
 * the recipient was erased (the account closed): refused as a payment to an erased customer is,
 * and nothing of it is written (no debit, no limit used, no Idempotency-Key recorded).
 */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const stored = async (accountId: string) =>
  foldRecorded(accountAggregate, await bank.store.readStream(streams.account(accountId)));

const erase = (accountNumber: string) =>
  opsClient(bank).post('/api/ops/customers/erase', { account_number: accountNumber });

/** How many events the sender's limits and Idempotency-Keys hold. */
async function senderRecords(sender: Customer) {
  const { rows } = await bank.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 OR stream_id LIKE $2`,
    [moneyStreams.activity(sender.id), `${moneyStreams.idempotency(sender.id, '')}%`],
  );
  return rows[0]!.n;
}

/**
 * Sends while the recipient is erased between the payment's decision and its append: the store's
 * append of the credit first runs the whole erasure.
 */
async function sendWhileErased(recipient: Customer, send: () => Promise<any>) {
  const append = bank.store.append;
  let erased: Awaited<ReturnType<typeof erase>> | undefined;
  bank.store.append = async (...args: Parameters<typeof append>) => {
    const crediting = args[0].some(
      (a) =>
        a.streamId === streams.account(recipient.checking.id) &&
        a.events.some((e) => e.type === 'AccountCredited'),
    );
    if (crediting && !erased) erased = await erase(recipient.checking.account_number);
    return append.apply(bank.store, args);
  };
  try {
    const answer = await send();
    expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
    return answer;
  } finally {
    bank.store.append = append;
  }
}

const sameBank = (from: Customer, to: Customer, key: string) =>
  from.client.post(
    '/api/transfers/same-bank',
    { fromAccount: from.checking.id, amount: 20, recipientEmail: to.email },
    { 'Idempotency-Key': key },
  );

const zelle = (from: Customer, to: Customer, key: string) =>
  from.client.post(
    '/api/zelle/send',
    {
      bank_account_id: from.checking.id,
      amount: 20,
      recipient_name: to.name,
      recipient_email: to.email,
    },
    { 'Idempotency-Key': key },
  );

describe('a payment to an account closed after it was decided', () => {
  it('by same-bank transfer is refused as one to an erased customer, and changes nothing', async () => {
    const payer = await customer(bank, 'Pat Payer', 100);
    const erin = await customer(bank, 'Erin Erased');
    const before = await senderRecords(payer);

    const raced = await sendWhileErased(erin, () => sameBank(payer, erin, crypto.randomUUID()));

    expect(raced.status, JSON.stringify(raced.body)).toBe(422);
    expect(raced.body).toMatchObject({
      code: 'INVALID_RECIPIENT',
      errors: { recipientEmail: [RECIPIENT_MESSAGES.notFound] },
    });
    // The very answer a transfer to the erased customer gets when nothing races it.
    const after = await sameBank(payer, erin, crypto.randomUUID());
    expect({ status: raced.status, body: raced.body }).toEqual({
      status: after.status,
      body: after.body,
    });
    expect(await stored(payer.checking.id)).toMatchObject({ balance: 100_00, holds: {} });
    expect(await stored(erin.checking.id)).toMatchObject({ closed: true, balance: 0 });
    expect(await senderRecords(payer)).toBe(before);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('by Zelle waits for its claim, as one to an erased customer does: nothing reaches the closed account', async () => {
    const payer = await customer(bank, 'Pat Payer', 100);
    const erin = await customer(bank, 'Erin Erased');

    const raced = await sendWhileErased(erin, () => zelle(payer, erin, crypto.randomUUID()));

    expect(raced.status, JSON.stringify(raced.body)).toBe(201);
    expect(raced.body.data.transaction.status).toBe('pending');
    const after = await zelle(payer, erin, crypto.randomUUID());
    expect(after.status).toBe(raced.status);
    expect(after.body.message).toBe(raced.body.message);
    // Held (it comes back if nobody claims it), never credited to the closed account.
    expect(await stored(payer.checking.id)).toMatchObject({ balance: 100_00 });
    expect(Object.keys((await stored(payer.checking.id)).holds)).toHaveLength(2);
    expect(await stored(erin.checking.id)).toMatchObject({ closed: true, balance: 0 });
    expect((await ledger(bank)).balanced).toBe(true);
  });
});

describe('a payment while the recipient’s erasure is under way (accounts closed, not yet erased)', () => {
  /** The erasure's first step: the recipient's checking account closed, the customer not yet erased. */
  const closeChecking = (recipient: Customer) =>
    bank.ctx.bus.execute({ actor: 'test' }, async (uow) => {
      const stream = streams.account(recipient.checking.id);
      const account = await uow.load(stream, accountAggregate);
      uow.append(stream, decideAccount({ type: 'Close', reason: 'owner_erased' }, account.state));
    });

  it('is answered as one to an erased customer: never that the account closed', async () => {
    const payer = await customer(bank, 'Pat Payer', 100);
    const erin = await customer(bank, 'Erin Erasing');
    await closeChecking(erin);

    const transfer = await sameBank(payer, erin, crypto.randomUUID());
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(422);
    expect(transfer.body).toMatchObject({
      code: 'INVALID_RECIPIENT',
      errors: { recipientEmail: [RECIPIENT_MESSAGES.notFound] },
    });
    const payment = await zelle(payer, erin, crypto.randomUUID());
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(payment.body.data.transaction.status).toBe('pending');
    expect(await stored(erin.checking.id)).toMatchObject({ closed: true, balance: 0 });
    expect(await stored(payer.checking.id)).toMatchObject({ balance: 100_00 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('paying their request (one made as the erasure decided) is answered as to a recipient no longer found', async () => {
    const payer = await customer(bank, 'Pat Payer', 100);
    const erin = await customer(bank, 'Erin Erasing');
    const asked = await erin.client.post('/api/zelle/request', {
      bank_account_id: erin.checking.id,
      amount: 20,
      recipient_name: payer.name,
      recipient_email: payer.email,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await closeChecking(erin);

    const paid = await payer.client.post(`/api/zelle/requests/${asked.body.data.request.id}/pay`, {
      bank_account_id: payer.checking.id,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(422);
    expect(paid.body).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: RECIPIENT_MESSAGES.notFound,
      errors: { recipient_email: [RECIPIENT_MESSAGES.notFound] },
    });
    expect(await stored(payer.checking.id)).toMatchObject({ balance: 100_00, holds: {} });
    expect((await ledger(bank)).balanced).toBe(true);
  });
});
