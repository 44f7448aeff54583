import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountCredited,
  catalogue,
  streams,
  ZellePaymentClaimed,
  ZellePaymentSent,
  zelleStreams,
} from '@bank/events';
import {
  createEventRouter,
  createPgEventStore,
  partitionOf,
  START,
  type NewEvent,
  type Pool,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import {
  allProjections,
  applyEvents,
  concerns,
  partitionScope,
  readModelHash,
} from '@bank/projections';
import {
  ApiClient,
  deposit,
  payOutBalances,
  ownRecords,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

/**
 * Scale mode's promise, without a broker: the log keyed by customer, each partition applied on
 * its own with its scope (its customers; the copies of two-customer facts and erasures it was
 * sent), gives exactly the read models of the embedded runner, which applies everything in the
 * global order. Each partition is applied whole before the next, in both orders: a projection
 * that read another partition's rows would see all of them in one order and none in the other.
 * Zelle payments and requests between customers on different partitions, a claim by a newcomer,
 * events written before partition keys were stamped, and an erasure whose blanking must reach
 * the other parties' partitions and the erased customer's tickets, disputes, payees, saved
 * recipients and cards.
 */
const PARTITIONS = 6;
const ORDERS = {
  rising: [0, 1, 2, 3, 4, 5],
  falling: [5, 4, 3, 2, 1, 0],
};

let bank: TestBank;
let ops: ApiClient;

beforeAll(async () => {
  bank = await startTestBank();
  ops = new ApiClient(bank);
  ops.token = bank.opsToken;
});
afterAll(async () => {
  for (const schema of Object.keys(ORDERS)) {
    await bank?.ownerPool.query(`DROP SCHEMA IF EXISTS partitioned_${schema} CASCADE`);
  }
  await bank?.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>> & { id: string };

async function newCustomer(
  overrides: Record<string, unknown> = {},
  options?: Parameters<typeof signedUpCustomer>[2],
): Promise<Customer> {
  const signedUp = await signedUpCustomer(bank, overrides, options);
  return { ...signedUp, id: signedUp.user.id as string };
}

const partition = (c: Customer) => partitionOf(c.id, PARTITIONS);

/** Two customers whose events land on different partitions. */
function apart(customers: Customer[]): [Customer, Customer] {
  for (const a of customers) {
    const b = customers.find((c) => partition(c) !== partition(a));
    if (b) return [a, b];
  }
  throw new Error('every customer on one partition');
}

async function ok(answer: Promise<{ status: number; body: any }>) {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Empty copies of every read-model table in a schema of their own. */
async function createTables(schema: string) {
  await bank.ownerPool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  for (const table of allProjections.flatMap((p) => p.tables)) {
    await bank.ownerPool.query(
      `CREATE TABLE ${schema}.${table} (LIKE public.${table} INCLUDING ALL)`,
    );
  }
}

/** Applies the log after `from` partition by partition, each in one transaction, as a worker. */
async function applyPartitioned(pool: Pool, schema: string, order: number[], from: Position) {
  const events: RecordedEvent[] = await bank.store.readAll(from, 100_000);
  const routes = await createEventRouter(pool).route(events, PARTITIONS);
  for (const p of order) {
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; SET LOCAL search_path = ${schema}, public`);
      const scope = partitionScope(p, PARTITIONS);
      for (const projection of allProjections) {
        const here = events.filter((event, i) => {
          const targets = routes[i]!.partitions;
          return targets.includes(p) && concerns(projection, event, targets[0] !== p);
        });
        await applyEvents(client, projection, here, { scope });
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  return events[events.length - 1]!.position;
}

async function expectSameAsEmbedded(schema: string) {
  await bank.runner.catchUp();
  for (const projection of allProjections) {
    const live = await readModelHash(bank.ownerPool, projection);
    expect(await readModelHash(bank.ownerPool, projection, schema), projection.name).toEqual(live);
  }
}

/**
 * Events as the bank wrote them before it stamped partition keys and before a claim repeated the
 * payment's facts: a deposit whose posting does not name the account's owner (keyed through the
 * account's AccountOpened), and a payment to a contact claimed by a customer on another partition
 * (applied whole on the sender's partition, which holds the sender's line).
 */
async function writtenBeforeTheStamp(sender: Customer, recipient: Customer) {
  const store = createPgEventStore(bank.pool, { reader: catalogue });
  const paymentId = randomUUID();
  const at = new Date().toISOString();
  const append = (streamId: string, event: NewEvent) =>
    store.append([{ streamId, expectedVersion: 'any', events: [event] }], { actor: 'test' });
  await append(
    streams.account(recipient.accounts[1]!.id),
    AccountCredited.create({
      accountId: recipient.accounts[1]!.id,
      entryId: randomUUID(),
      amount: 12_34,
      description: 'Deposit from before',
      kind: 'deposit',
      contra: 'cash:teller',
      reference: 'DEP-OLD',
    }),
  );
  await append(
    zelleStreams.payment(paymentId),
    ZellePaymentSent.create({
      paymentId,
      senderCustomerId: sender.id,
      senderName: 'Old Sender',
      fromAccountId: sender.accounts[0]!.id,
      recipientName: 'Old Friend',
      recipientContact: { kind: 'email', value: 'old.friend@example.com' },
      amount: 3_00,
      memo: 'From before',
      reference: 'ZEL-OLD',
      status: 'pending',
      sentAt: at,
    }),
  );
  await append(
    zelleStreams.payment(paymentId),
    ZellePaymentClaimed.create({
      paymentId,
      senderCustomerId: sender.id,
      recipientCustomerId: recipient.id,
      recipientAccountId: recipient.accounts[0]!.id,
      recipientName: 'Old Friend',
      amount: 3_00,
      claimedAt: at,
    }),
  );
  await store.close();
}

describe('read models built partition by partition', () => {
  it('equal the embedded ones, before and after an erasure that reaches other partitions', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => newCustomer()));
    for (const c of customers) await deposit(bank, c.accounts[0]!.account_number, 500);
    const [sender, recipient] = apart(customers);
    const checking = (c: Customer) => c.accounts[0]!.id;
    const contact = (c: Customer) => ({ recipient_email: c.payload.email });

    const send = (from: Customer, payment: Record<string, unknown>) =>
      ok(
        from.client.post('/api/zelle/send', {
          bank_account_id: checking(from),
          recipient_name: 'Friend',
          ...payment,
        }),
      );

    // Between customers on two partitions: a payment, a request paid, declined and cancelled.
    await send(sender, { amount: 42.5, memo: 'Tickets', ...contact(recipient) });
    // Each request its own memo: the same request again within a minute, sent without an
    // Idempotency-Key as here, is refused as a duplicate.
    let asked = 0;
    const ask = async (from: Customer, to: Customer) =>
      (
        await ok(
          from.client.post('/api/zelle/request', {
            bank_account_id: checking(from),
            amount: 12,
            recipient_name: 'Payer',
            memo: `Lunch ${(asked += 1)}`,
            ...contact(to),
          }),
        )
      ).data.request.id as string;
    const paid = await ask(recipient, sender);
    await ok(
      sender.client.post(`/api/zelle/requests/${paid}/pay`, { bank_account_id: checking(sender) }),
    );
    await ok(sender.client.post(`/api/zelle/requests/${await ask(recipient, sender)}/decline`));
    await ok(recipient.client.post(`/api/zelle/requests/${await ask(recipient, sender)}/cancel`));
    await ask(sender, recipient); // left pending
    await ok(
      recipient.client.post('/api/transfers/same-bank', {
        fromAccount: checking(recipient),
        amount: 20,
        memo: 'Rent',
        recipientEmail: sender.payload.email,
        recipientId: sender.id,
      }),
    );
    // A transfer the recipient schedules to the sender: the sender's erasure stops it, on the
    // recipient's partition.
    await ok(
      recipient.client.post('/api/transfers/scheduled', {
        type: 'same-bank',
        fromAccount: checking(recipient),
        amount: 15,
        recipientEmail: sender.payload.email,
        transferDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        frequency: 'monthly',
      }),
    );

    // A payment to an email nobody has enrolled, claimed by the newcomer who enrols it.
    let newcomer: Customer | undefined;
    const unclaimed: string[] = [];
    for (let attempt = 0; !newcomer && attempt < 10; attempt += 1) {
      const email = `newcomer.${Date.now()}.${attempt}@example.com`;
      const sent = await send(sender, { amount: 8, recipient_email: email });
      const enrolled = await newCustomer({ email }, { proveContacts: false });
      if (partition(enrolled) !== partition(sender)) newcomer = enrolled;
      else unclaimed.push(sent.data.transaction.id as string);
    }
    await ok(newcomer!.client.post('/api/zelle/claims/code', { kind: 'email' }));
    const outbox = (await ok(ops.get('/api/ops/zelle-claim-codes'))).data.zelle_claim_codes as {
      sent_to: string;
      message: string | null;
    }[];
    const message = outbox.find((m) => m.sent_to === newcomer!.payload.email && m.message)!;
    const code = /\d{6}/.exec(message.message!)![0];
    await ok(newcomer!.client.post('/api/zelle/claims', { kind: 'email', code }));
    await send(newcomer!, { amount: 1, ...contact(sender) });

    // What the sender keeps of their own (tickets, a dispute, a payee, a saved recipient, a
    // card): the erasure blanks it on the sender's partition.
    const own = await ownRecords(bank, sender, '');

    await writtenBeforeTheStamp(sender, recipient);

    await bank.runner.catchUp();
    const heads: Record<string, Position> = {};
    for (const [name, order] of Object.entries(ORDERS)) {
      const schema = `partitioned_${name}`;
      await createTables(schema);
      heads[name] = await applyPartitioned(bank.ownerPool, schema, order, START);
      await expectSameAsEmbedded(schema);
    }
    // Teller deposits to customers of several partitions: cash:teller is a sum over their shards.
    const shards = await bank.ownerPool.query(
      `SELECT count(*)::int AS n FROM partitioned_rising.rm_ledger_balances WHERE ledger_account = 'cash:teller'`,
    );
    expect(shards.rows[0]!.n).toBeGreaterThan(1);

    // The sender is erased: the recipient's and the newcomer's lines, on other partitions, lose
    // the sender's name and memo, and the sender leaves their recent recipients. First the sender
    // closes out (an erasure is refused while money is left or pending): the payments nobody
    // claimed are cancelled, the balances paid out at the teller, the card dispute decided.
    for (const id of unclaimed)
      await ok(sender.client.post(`/api/zelle/payments/${id}/cancel`, {}));
    await payOutBalances(bank, sender.accounts);
    await ok(
      ops.post(`/api/ops/disputes/${encodeURIComponent(own.chargeId)}/resolve`, {
        outcome: 'declined',
        message: 'The charge stands.',
      }),
    );
    for (const [name, order] of Object.entries(ORDERS)) {
      heads[name] = await applyPartitioned(
        bank.ownerPool,
        `partitioned_${name}`,
        order,
        heads[name]!,
      );
    }
    await ok(
      ops.post('/api/ops/customers/erase', {
        account_number: sender.user.account_number,
      }),
    );
    for (const [name, order] of Object.entries(ORDERS)) {
      await applyPartitioned(bank.ownerPool, `partitioned_${name}`, order, heads[name]!);
      await expectSameAsEmbedded(`partitioned_${name}`);
    }
    const theirs = await bank.ownerPool.query(
      `SELECT sender_name, memo FROM partitioned_falling.rm_zelle_activity
        WHERE customer_id = $1 AND direction = 'incoming' AND type = 'received'`,
      [recipient.id],
    );
    expect(theirs.rows.length).toBeGreaterThan(0);
    for (const row of theirs.rows)
      expect(row).toEqual({ sender_name: '[erased]', memo: '[erased]' });
    const recipients = await bank.ownerPool.query(
      'SELECT count(*)::int AS n FROM partitioned_falling.rm_zelle_recipients WHERE customer_id = $1',
      [newcomer!.id],
    );
    expect(recipients.rows[0]!.n).toBe(0);
    const tickets = await bank.ownerPool.query(
      'SELECT DISTINCT subject, description FROM partitioned_rising.rm_support_tickets WHERE customer_id = $1',
      [sender.id],
    );
    expect(tickets.rows).toEqual([{ subject: '[erased]', description: '[erased]' }]);
    const schedules = await bank.ownerPool.query(
      `SELECT status, recipient_name, recipient_detail FROM partitioned_rising.rm_scheduled_transfers
        WHERE customer_id = $1`,
      [recipient.id],
    );
    expect(schedules.rows).toEqual([
      { status: 'stopped', recipient_name: '[erased]', recipient_detail: null },
    ]);
  });
});
