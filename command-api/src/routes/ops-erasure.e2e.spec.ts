import { DISPUTE_ACCOUNT_CLOSED } from '@bank/contracts';
import { streams, supportStreams, zelleStreams } from '@bank/events';
import { cardPurchase, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED_MESSAGE, accountAggregate } from '../domain/account/account.ts';
import { billScheduleBookStream } from '../domain/bill-pay/schedule.ts';
import { scheduleBookAggregate } from '../domain/schedule-book.ts';
import { disputeAggregate } from '../domain/support/dispute.ts';
import { scheduleBookStream } from '../domain/transfers/schedule-book.ts';
import { requestAggregate } from '../domain/zelle/zelle.ts';
import { DISPUTED_CHARGES_SQL, ZELLE_REQUESTS_SQL } from '../services/erasure.ts';
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

/**
 * Runs `command` with its first append that `held` picks waiting until `meanwhile` has run whole:
 * the command was decided on the log as it was before `meanwhile`, and is written after it.
 */
async function heldWhile<C, M>(
  held: (appends: Parameters<TestBank['store']['append']>[0]) => boolean,
  meanwhile: () => Promise<M>,
  command: () => Promise<C>,
): Promise<[C, M | undefined]> {
  const append = bank.store.append;
  let holding = true;
  let ran: M | undefined;
  bank.store.append = async (...args: Parameters<typeof append>) => {
    if (holding && held(args[0])) {
      holding = false;
      ran = await meanwhile();
    }
    return append.apply(bank.store, args);
  };
  try {
    return [await command(), ran];
  } finally {
    bank.store.append = append;
  }
}

/** The query plan of an erasure's look-up of one customer, with scans of the log ruled out. */
async function planOf(sql: string): Promise<string> {
  const client = await bank.ownerPool.connect();
  try {
    await client.query('BEGIN; SET LOCAL enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [
      '00000000-0000-4000-8000-000000000000',
    ]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** Picks the append that closes the account (the erasure's). */
const closing =
  (accountId: string) =>
  (appends: Parameters<TestBank['store']['append']>[0]): boolean =>
    appends.some(
      (a) =>
        a.streamId === streams.account(accountId) &&
        a.events.some((e) => e.type === 'AccountClosed'),
    );

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
        'deposits finish or cancel them, cancel scheduled transfers and bill payments, and ' +
        'decide open card disputes; then erase.',
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
      'Premium Checking holds $5.00; Premium Checking has $5.00 held for pending payments.',
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
    // The deposit's append waits while the whole erasure runs: the deposit was decided on the
    // account as it was before, and is written after the account closed.
    const [deposited, erased] = await heldWhile(
      (appends) =>
        appends.some(
          (a) =>
            a.streamId === streams.account(checking!.id) &&
            a.events.some((e) => e.type === 'AccountCredited'),
        ),
      () => erase(checking!.account_number),
      () => tellerDeposit(checking!.account_number, 7),
    );
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

  describe('with a card dispute staff have not decided', () => {
    it('finds the customer’s disputes in the log through the index on the customer', async () => {
      expect(await planOf(DISPUTED_CHARGES_SQL)).toContain('events_customer');
    });

    /** A card purchase of `dollars` from the customer's checking, which they may then dispute. */
    async function charge(c: Customer, dollars: number, merchant: string) {
      const posted = await cardPurchase(bank, c.checking.id, dollars * 100, { name: merchant });
      c.client.consistencyToken = posted.consistencyToken;
      return posted.transactionId;
    }
    const dispute = (c: Customer, line: string) =>
      c.client.post(`/api/transactions/${encodeURIComponent(line)}/dispute`, {
        reason: 'not_received',
      });
    const resolve = (line: string, outcome: 'refunded' | 'declined') =>
      opsClient(bank).post(`/api/ops/disputes/${encodeURIComponent(line)}/resolve`, {
        outcome,
        message: outcome === 'refunded' ? 'We refunded it.' : 'The merchant showed delivery.',
      });
    const ticketOf = async (line: string) =>
      foldRecorded(disputeAggregate, await bank.store.readStream(supportStreams.dispute(line)))
        .dispute;
    /** Nothing changed: the accounts are open and the customer still signs in. */
    async function nothingChanged(c: Customer) {
      expect((await c.client.get('/api/accounts')).status).toBe(200);
      for (const account of c.accounts) expect((await stored(account.id)).closed).toBe(false);
    }

    it('is refused until each is decided; a refund reaches the customer, then they are erased', async () => {
      const dana = await customer(bank, 'Dana Disputer', 30);
      const speaker = await charge(dana, 20, 'Harbor Electronics');
      const lamp = await charge(dana, 10, 'Lamp Loft');
      for (const line of [speaker, lamp]) {
        const made = await dispute(dana, line);
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
      const tickets = [
        (await ticketOf(speaker))!.ticketNumber,
        (await ticketOf(lamp))!.ticketNumber,
      ];

      const refused = await erase(dana.checking.account_number);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.code).toBe('CONFLICT');
      expect(refused.body.message).toBe(
        'This customer cannot be erased yet: 2 card disputes are still under review (tickets ' +
          `#${tickets[0]}, #${tickets[1]}). Close out the accounts first: pay out or move every ` +
          'balance and coin, let pending payments and deposits finish or cancel them, cancel ' +
          'scheduled transfers and bill payments, and decide open card disputes; then erase.',
      );
      expect(refused.body.errors).toEqual({ account_number: [refused.body.message] });
      await nothingChanged(dana);

      expect((await resolve(lamp, 'declined')).status).toBe(200);
      const one = await erase(dana.checking.account_number);
      expect(one.status).toBe(409);
      expect(one.body.message).toContain(
        `yet: 1 card dispute is still under review (ticket #${tickets[0]}).`,
      );
      await nothingChanged(dana);

      // Refunded to the open account: the money is the customer's, to be paid out before erasing.
      expect((await resolve(speaker, 'refunded')).status).toBe(200);
      const refunded = await erase(dana.checking.account_number);
      expect(refunded.status).toBe(409);
      expect(refunded.body.message).toContain('yet: Premium Checking holds $20.00. Close out');
      const paidOut = await opsClient(bank).post('/api/ops/withdrawals', {
        account_number: dana.checking.account_number,
        amount: 20,
      });
      expect(paidOut.status, JSON.stringify(paidOut.body)).toBe(201);

      const erased = await erase(dana.checking.account_number);
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      for (const account of dana.accounts) {
        expect(await stored(account.id)).toMatchObject({ closed: true, balance: 0 });
      }
      expect((await ledger(bank)).balanced).toBe(true);
    });

    it('refuses an erasure decided before a dispute that reaches the log after it', async () => {
      const c = await customer(bank, 'Early Eraser', 15);
      const line = await charge(c, 15, 'Harbor Electronics');
      // The erasure's closing of the account waits while the whole dispute runs: the erasure was
      // decided on the account as it was before, with nothing disputed.
      const [erased, disputed] = await heldWhile(
        closing(c.checking.id),
        () => dispute(c, line),
        () => erase(c.checking.account_number),
      );
      expect(disputed?.status, JSON.stringify(disputed?.body)).toBe(201);
      expect(erased.status, JSON.stringify(erased.body)).toBe(409);
      expect(erased.body.message).toContain('1 card dispute is still under review');
      await nothingChanged(c);
    });

    it('refuses a dispute decided before the erasure that reaches the log after it', async () => {
      const c = await customer(bank, 'Late Disputer', 15);
      const line = await charge(c, 15, 'Harbor Electronics');
      // The dispute's append waits while the whole erasure runs: the dispute was decided on the
      // account as it was before, open.
      const [disputed, erased] = await heldWhile(
        (appends) => appends.some((a) => a.streamId === supportStreams.dispute(line)),
        () => erase(c.checking.account_number),
        () => dispute(c, line),
      );
      expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
      // Its refund could never be credited to the closed account: the dispute is refused, and
      // told why (not that nothing can be posted to the account).
      expect(disputed.status, JSON.stringify(disputed.body)).toBe(422);
      expect(disputed.body.message).toBe(DISPUTE_ACCOUNT_CLOSED);
      expect(await ticketOf(line)).toBeNull();
      expect(await stored(c.checking.id)).toMatchObject({ closed: true, disputedCharges: [] });
    });
  });

  describe('with a schedule set up while the erasure decides', () => {
    /** A date a month from now: within how far ahead either kind may be scheduled. */
    const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    /** Sets up a monthly transfer or bill payment schedule from checking. */
    const kinds = {
      'scheduled transfer': {
        book: scheduleBookStream,
        prepare: async () => undefined,
        schedule: (c: Customer) =>
          c.client.post('/api/transfers/scheduled', {
            type: 'between-accounts',
            fromAccount: c.checking.id,
            toAccount: c.savings.id,
            amount: 10,
            transferDate: inAMonth(),
            frequency: 'monthly',
          }),
      },
      'scheduled bill payment': {
        book: billScheduleBookStream,
        prepare: async (c: Customer) => {
          const added = await c.client.post('/api/bill-payments/payees', {
            name: 'City Power & Light',
            category: 'utilities',
            account_number: '5500-1234-9876',
          });
          expect(added.status, JSON.stringify(added.body)).toBe(201);
          return added.body.data.payee.id as string;
        },
        schedule: (c: Customer, payeeId?: string) =>
          c.client.post('/api/bill-payments/schedule', {
            payee_id: payeeId,
            from_account_id: c.checking.id,
            amount: 10,
            scheduled_date: inAMonth(),
            is_recurring: true,
            recurring_frequency: 'monthly',
          }),
      },
    };
    const activeIn = async (book: string) =>
      foldRecorded(scheduleBookAggregate, await bank.store.readStream(book)).size;

    for (const [kind, { book, prepare, schedule }] of Object.entries(kinds)) {
      it(`refuses an erasure decided before a ${kind} that reaches the log after it`, async () => {
        const c = await customer(bank, 'Early Eraser');
        const payeeId = await prepare(c);
        // The erasure's closing of the accounts waits while the whole schedule is set up: the
        // erasure counted the customer's schedules before it, and found none.
        const [erased, scheduled] = await heldWhile(
          closing(c.checking.id),
          () => schedule(c, payeeId),
          () => erase(c.checking.account_number),
        );
        expect(scheduled?.status, JSON.stringify(scheduled?.body)).toBe(201);
        expect(erased.status, JSON.stringify(erased.body)).toBe(409);
        expect(erased.body.message).toContain(`yet: 1 ${kind} may still run.`);
        expect((await c.client.get('/api/accounts')).status).toBe(200);
        for (const account of c.accounts) expect((await stored(account.id)).closed).toBe(false);
        expect(await activeIn(book(c.id))).toBe(1);
      });

      it(`refuses a ${kind} decided before the erasure that reaches the log after it`, async () => {
        const c = await customer(bank, 'Late Scheduler');
        const payeeId = await prepare(c);
        // The schedule's append waits while the whole erasure runs: the schedule was decided on
        // the account as it was before, open.
        const [scheduled, erased] = await heldWhile(
          (appends) => appends.some((a) => a.streamId === book(c.id)),
          () => erase(c.checking.account_number),
          () => schedule(c, payeeId),
        );
        expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
        expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(422);
        expect(scheduled.body.message).toBe(ACCOUNT_CLOSED_MESSAGE);
        expect(await activeIn(book(c.id))).toBe(0);
        expect(await stored(c.checking.id)).toMatchObject({ closed: true });
      });
    }
  });

  describe('with Zelle requests awaiting an answer', () => {
    const ask = (requester: Customer, payer: Customer) =>
      requester.client.post('/api/zelle/request', {
        bank_account_id: requester.checking.id,
        amount: 12,
        recipient_name: 'Payer',
        recipient_email: payer.email,
      });
    const statusOf = async (requestId: string) =>
      foldRecorded(requestAggregate, await bank.store.readStream(zelleStreams.request(requestId)))
        .status;
    const requestsOf = async (requester: Customer) =>
      (await bank.pool.query<{ request_id: string }>(ZELLE_REQUESTS_SQL, [requester.id])).rows.map(
        (r) => r.request_id,
      );

    it('finds the customer’s requests in the log through the index on the requester', async () => {
      expect(await planOf(ZELLE_REQUESTS_SQL)).toContain('events_zelle_requester');
    });

    it('withdraws them with the accounts: nobody is left asked to pay an erased customer', async () => {
      const requester = await customer(bank, 'Rae Requester');
      const payer = await customer(bank, 'Pia Payer', 50);
      const other = await customer(bank, 'Ode Other', 50);
      const open = await ask(requester, payer);
      expect(open.status, JSON.stringify(open.body)).toBe(201);
      const declined = (await ask(requester, other)).body.data.request.id as string;
      const no = await other.client.post(`/api/zelle/requests/${declined}/decline`, {});
      expect(no.status, JSON.stringify(no.body)).toBe(200);

      const erased = await erase(requester.checking.account_number);
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      const id = open.body.data.request.id as string;
      expect(await statusOf(id)).toBe('cancelled');
      expect(await statusOf(declined)).toBe('declined');
      const pay = await payer.client.post(`/api/zelle/requests/${id}/pay`, {
        bank_account_id: payer.checking.id,
      });
      expect(pay.status, JSON.stringify(pay.body)).toBe(409);
      expect(pay.body.message).toBe('This request was already cancelled.');
      expect(await stored(payer.checking.id)).toMatchObject({ balance: 50_00 });
      // The withdrawal keeps no name of the erased customer readable.
      const { rows } = await bank.pool.query<{ name: string }>(
        `SELECT data->>'requesterName' AS name FROM events
          WHERE type = 'ZelleRequestCancelled' AND data->>'requestId' = $1`,
        [id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).not.toContain('Rae');
    });

    it('withdraws a request made while the erasure decides', async () => {
      const requester = await customer(bank, 'Mid Requester');
      const payer = await customer(bank, 'Mid Payer');
      // The erasure's closing of the accounts waits while the whole request is made: the erasure
      // looked for the customer's requests before it, and found none.
      const [erased, asked] = await heldWhile(
        closing(requester.checking.id),
        () => ask(requester, payer),
        () => erase(requester.checking.account_number),
      );
      expect(asked?.status, JSON.stringify(asked?.body)).toBe(201);
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(await statusOf(asked!.body.data.request.id as string)).toBe('cancelled');
    });

    it('refuses a request decided before the erasure that reaches the log after it', async () => {
      const requester = await customer(bank, 'Late Requester');
      const payer = await customer(bank, 'Late Payer');
      // The request's append waits while the whole erasure runs: it was decided on the account
      // it is to be paid into as it was before, open.
      const [asked, erased] = await heldWhile(
        (appends) => appends.some((a) => a.events.some((e) => e.type === 'ZelleRequestCreated')),
        () => erase(requester.checking.account_number),
        () => ask(requester, payer),
      );
      expect(erased?.status, JSON.stringify(erased?.body)).toBe(200);
      expect(asked.status, JSON.stringify(asked.body)).toBe(422);
      expect(asked.body.message).toBe(ACCOUNT_CLOSED_MESSAGE);
      expect(await requestsOf(requester)).toEqual([]);
    });
  });
});
