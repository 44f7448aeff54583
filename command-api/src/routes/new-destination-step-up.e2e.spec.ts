import { randomUUID } from 'node:crypto';
import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { ageStepUp, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledTransfer } from '../services/scheduled-transfers.ts';
import {
  balances,
  customer as signedUp,
  ledger,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/**
 * The first payment to a destination the customer never saved nor paid (an account at another
 * bank, a SEPA IBAN, a Zelle contact, another customer of this bank) needs a session that proved it is the customer within the
 * step-up window, as saving it as a recipient does; a destination saved or paid before does not.
 */
let bank: TestBank;
beforeAll(async () => {
  // Nothing settles while a test runs: a refusal is proved by the whole log not moving, which
  // the settlement of an earlier test's transfers would otherwise do now and then.
  bank = await startMoneyBank(10 * 60_000);
});
afterAll(async () => {
  await bank.stop();
});

async function stepUp(c: Customer) {
  const response = await c.client.post('/api/step-up', { password: c.password! });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A request with a key of its own: the same payment twice is not refused as a duplicate. */
function post(c: Customer, url: string, body: object) {
  return c.client.post(url, body, { 'Idempotency-Key': randomUUID() });
}

async function eventCount(): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ n: string }>('SELECT count(*) AS n FROM events');
  return Number(rows[0]!.n);
}

/** The request is refused for step-up, and neither the balance nor the log changed. */
async function refusedForStepUp(c: Customer, send: () => Promise<{ status: number; body: any }>) {
  const before = await balances(c, c.checking.id);
  const events = await eventCount();
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body.code).toBe('STEP_UP_REQUIRED');
  expect(await eventCount()).toBe(events);
  expect(await balances(c, c.checking.id)).toEqual(before);
}

function created(response: { status: number; body: unknown }) {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

/** A first payment accepted while fresh, sent again under its key from a stale session: replayed. */
async function replaysWhenStale(c: Customer, url: string, body: object) {
  const headers = { 'Idempotency-Key': randomUUID() };
  const first = await c.client.post(url, body, headers);
  created(first);
  await ageStepUp(bank, c.id);
  const again = await c.client.post(url, body, headers);
  created(again);
  expect(again.body.data.transfer.id).toBe(first.body.data.transfer.id);
}

const external = (c: Customer, accountNumber: string, amount = 100) => ({
  fromAccount: c.checking.id,
  amount,
  recipientName: 'Pat Doe',
  bankName: 'Other Bank',
  accountNumber,
  routingNumber: '021000021',
});

/** A transfer to an account at another bank, scheduled a week from today. */
const scheduleTo = (c: Customer, accountNumber: string, plan: object = {}) =>
  post(c, '/api/transfers/scheduled', {
    type: 'external-bank',
    ...external(c, accountNumber),
    transferDate: addDaysIso(bankToday(), 7),
    ...plan,
  });

const sepa = (c: Customer, iban: string, country = 'DE') => ({
  fromAccount: c.checking.id,
  amount: 100,
  recipientName: 'Hanna Müller',
  iban,
  // A bank of the IBAN's country: another country's code is refused before anything else.
  swiftCode: country === 'FR' ? 'BNPAFRPP' : 'COBADEFFXXX',
  bankName: 'Commerzbank',
  country,
  purposeOfPayment: 'FAMI',
});

const zelle = (c: Customer, email: string) => ({
  bank_account_id: c.checking.id,
  amount: 20,
  recipient_name: 'Friend',
  recipient_email: email,
});

describe('step-up before paying a new destination', () => {
  it('external-bank: a new account needs step-up; one paid before, or saved, does not', async () => {
    const c = await signedUp(bank, 'New Account Payer', 1_000);
    await ageStepUp(bank, c.id);
    const send = (account: string) => post(c, '/api/transfers/external-bank', external(c, account));
    await refusedForStepUp(c, () => send('11223346'));
    await stepUp(c);
    created(await send('11223346'));

    await ageStepUp(bank, c.id);
    // Paid once, it is known: no step-up, however stale the session.
    created(await send('11223346'));
    // Saved (after step-up) and never paid: known too.
    await stepUp(c);
    const saved = await post(c, '/api/transfers/recipients', {
      type: 'external-bank',
      nickname: 'Landlord',
      recipientName: 'Pat Doe',
      bankName: 'Other Bank',
      accountNumber: '55667788',
      routingNumber: '021000021',
    });
    created(saved);
    await ageStepUp(bank, c.id);
    created(await send('55667788'));
    // A saved recipient chosen by id is the same account.
    created(
      await post(c, '/api/transfers/external-bank', {
        fromAccount: c.checking.id,
        amount: 50,
        savedRecipientId: saved.body.data.recipient.id,
      }),
    );
    // Another new account still needs it.
    await refusedForStepUp(c, () => send('99001122'));
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('SEPA: a new IBAN needs step-up; one paid before does not', async () => {
    const c = await signedUp(bank, 'New Iban Payer', 1_000);
    await ageStepUp(bank, c.id);
    const send = () => post(c, '/api/wire-transfers/sepa', sepa(c, 'DE89 3704 0044 0532 0130 00'));
    await refusedForStepUp(c, send);
    await stepUp(c);
    created(await send());
    await ageStepUp(bank, c.id);
    created(await send());
    await refusedForStepUp(c, () =>
      post(c, '/api/wire-transfers/sepa', sepa(c, 'FR14 2004 1010 0505 0001 3M02 606', 'FR')),
    );
  });

  it('a replay of an accepted request still replays from a stale session', async () => {
    const c = await signedUp(bank, 'Key Replayer', 1_000);
    await replaysWhenStale(c, '/api/transfers/external-bank', external(c, '31415926'));
    // A refused request stores nothing under its key: the same key after step-up goes through.
    const other = { 'Idempotency-Key': 'refused-first' };
    const next = external(c, '27182818');
    await refusedForStepUp(c, () => c.client.post('/api/transfers/external-bank', next, other));
    await stepUp(c);
    created(await c.client.post('/api/transfers/external-bank', next, other));
  });

  it('scheduled: a new account needs step-up when scheduled, not when the schedule runs', async () => {
    const c = await signedUp(bank, 'New Account Planner', 1_000);
    const date = addDaysIso(bankToday(), 7);
    const schedule = (accountNumber: string) =>
      scheduleTo(c, accountNumber, { frequency: 'weekly', endCount: 520 });
    await ageStepUp(bank, c.id);
    await refusedForStepUp(c, () => schedule('11223346'));
    await stepUp(c);
    const made = await schedule('11223346');
    created(made);
    await ageStepUp(bank, c.id);
    // The run is the bank's own: the schedule was set up after step-up.
    expect(await runScheduledTransfer(bank.ctx, made.body.data.scheduled_transfer.id, date)).toBe(
      'ran',
    );
    // Paid by the run, the account is known: another schedule to it needs no step-up.
    created(await schedule('11223346'));
    // One paid by hand before is known too.
    await stepUp(c);
    created(await post(c, '/api/transfers/external-bank', external(c, '44556677', 10)));
    await ageStepUp(bank, c.id);
    created(await schedule('44556677'));
  });

  it('scheduled: a destination an active schedule pays needs no step-up for a second one', async () => {
    const c = await signedUp(bank, 'Second Schedule Planner', 1_000);
    const friend = await signedUp(bank, 'Scheduled Payee', 0);
    const date = addDaysIso(bankToday(), 7);
    const toAccount = (accountNumber: string) => scheduleTo(c, accountNumber);
    const toFriend = () =>
      post(c, '/api/transfers/scheduled', {
        type: 'same-bank',
        fromAccount: c.checking.id,
        amount: 10,
        recipientEmail: friend.email,
        transferDate: date,
      });
    await stepUp(c);
    const first = await toAccount('80706050');
    created(first);
    created(await toFriend());
    await ageStepUp(bank, c.id);
    // Nothing has run yet, so nothing is paid: the schedules approved them all the same.
    const second = await toAccount('80706050');
    created(second);
    created(await toFriend());
    // Another account is still new.
    await refusedForStepUp(c, () => toAccount('80706051'));
    // Once no schedule may pay it any more, a never-paid account is new again.
    for (const made of [first, second]) {
      const id = made.body.data.scheduled_transfer.id as string;
      const cancelled = await c.client.delete(`/api/transfers/scheduled/${id}`);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }
    await refusedForStepUp(c, () => toAccount('80706050'));
  });

  it('same-bank: another customer never paid needs step-up; one paid before does not', async () => {
    const c = await signedUp(bank, 'Same Bank Payer', 1_000);
    const friend = await signedUp(bank, 'Same Bank Friend', 0);
    const other = await signedUp(bank, 'Same Bank Stranger', 0);
    const send = (to: { email?: string; phone?: string }) =>
      post(c, '/api/transfers/same-bank', {
        fromAccount: c.checking.id,
        amount: 30,
        ...(to.email ? { recipientEmail: to.email } : { recipientPhone: to.phone }),
      });
    await ageStepUp(bank, c.id);
    await refusedForStepUp(c, () => send({ email: friend.email }));
    await stepUp(c);
    created(await send({ email: friend.email }));
    await ageStepUp(bank, c.id);
    // Paid once, the customer is known, under either of their contacts.
    created(await send({ email: friend.email }));
    created(await send({ phone: friend.phone }));
    await refusedForStepUp(c, () => send({ phone: other.phone }));
    // Another customer never paid still needs it when the transfer is scheduled.
    const schedule = await post(c, '/api/transfers/scheduled', {
      type: 'same-bank',
      fromAccount: c.checking.id,
      amount: 10,
      recipientEmail: other.email,
      transferDate: addDaysIso(bankToday(), 7),
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(403);
    expect(schedule.body.code).toBe('STEP_UP_REQUIRED');
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('same-bank: a replay of an accepted transfer still replays from a stale session', async () => {
    const c = await signedUp(bank, 'Same Bank Replayer', 1_000);
    const friend = await signedUp(bank, 'Same Bank Payee', 0);
    await replaysWhenStale(c, '/api/transfers/same-bank', {
      fromAccount: c.checking.id,
      amount: 25,
      recipientEmail: friend.email,
    });
  });

  it('Zelle send: a contact never paid needs step-up; one paid before does not', async () => {
    const c = await signedUp(bank, 'Zelle Payer', 500);
    const friend = await signedUp(bank, 'Zelle Friend', 0);
    await ageStepUp(bank, c.id);
    const send = (email: string) => post(c, '/api/zelle/send', zelle(c, email));
    // A customer of the bank, and a contact no one holds yet.
    await refusedForStepUp(c, () => send(friend.email));
    await refusedForStepUp(c, () => send('someone-new@example.com'));
    await stepUp(c);
    created(await send(friend.email));
    created(await send('someone-new@example.com'));
    await ageStepUp(bank, c.id);
    created(await send(friend.email));
    created(await send('Someone-New@Example.com'));
    await refusedForStepUp(c, () => send('another@example.com'));
  });

  it('Zelle: paying a request from someone never paid needs step-up', async () => {
    const asker = await signedUp(bank, 'Zelle Asker', 0);
    const payer = await signedUp(bank, 'Zelle Request Payer', 500);
    const ask = async () => {
      const response = await post(asker, '/api/zelle/request', {
        bank_account_id: asker.checking.id,
        amount: 15,
        recipient_name: 'Payer',
        recipient_email: payer.email,
      });
      created(response);
      return response.body.data.request.id as string;
    };
    const pay = (id: string) =>
      post(payer, `/api/zelle/requests/${id}/pay`, { bank_account_id: payer.checking.id });
    const first = await ask();
    await ageStepUp(bank, payer.id);
    await refusedForStepUp(payer, () => pay(first));
    await stepUp(payer);
    expect((await pay(first)).status).toBe(200);
    await ageStepUp(bank, payer.id);
    // Paid once, the asker is a known contact: the next request is paid without step-up.
    const second = await ask();
    expect((await pay(second)).status).toBe(200);
  });
});
