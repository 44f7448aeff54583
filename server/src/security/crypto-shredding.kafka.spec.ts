import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKafka,
  DEFAULT_PARTITIONS,
  decodeMessage,
  EVENTS_TOPIC,
  partitionOf,
  type RecordedEvent,
} from '@bank/infra';
import {
  ApiClient,
  deposit,
  payOutBalances,
  ownRecords,
  readModelText,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';
import { waitForProjections } from '../scale/read-model-hash.ts';

/**
 * Scale mode keeps personal data sealed on Kafka: the relay publishes events as stored and the
 * projection workers open them, so erasing a customer makes the topics' copies unreadable too;
 * and the partitioned read models blank what they hold of the customer as the one-process bank's.
 */
describe('crypto-shredding in scale mode', () => {
  let broker: KafkaBroker;
  let bank: TestBank;

  beforeAll(async () => {
    broker = await startKafkaBroker();
    bank = await startTestBank({
      roles: { commands: true, queries: true, projections: true, jobs: false, http: true },
      config: { kafkaBrokers: broker.brokers },
    });
  });

  afterAll(async () => {
    await bank?.stop();
    await broker?.destroy();
  });

  /** Every event message on a topic so far, read from the beginning by a throwaway group. */
  async function topicMessages(topic: string): Promise<{ raw: string; event: RecordedEvent }[]> {
    const { rows } = await bank.pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const expected = Number(rows[0]!.n);
    const kafka = createKafka(broker.brokers, 'shredding-reader');
    const consumer = kafka.consumer({ groupId: `shredding-${randomBytes(4).toString('hex')}` });
    const seen = new Map<string, { raw: string; event: RecordedEvent }>();
    let unsealed = 0;
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const decoded = decodeMessage(message);
        if (decoded.kind !== 'event') return;
        if (!decoded.sealed) unsealed += 1;
        seen.set(decoded.event.eventId, { raw: String(message.value), event: decoded.event });
      },
    });
    const deadline = Date.now() + 60_000;
    while (seen.size < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await consumer.disconnect();
    expect(seen.size).toBe(expected);
    expect(unsealed).toBe(0);
    return [...seen.values()];
  }

  it('publishes sealed events, opens them in the workers, and erasure reaches Kafka’s copy', async () => {
    const email = `kafka.shred.${randomBytes(4).toString('hex')}@example.com`;
    const { user, client, accounts } = await signedUpCustomer(bank, {
      name: 'Kai Kafkacanary',
      email,
    });
    // Kai pays a customer whose events go to another partition than Kai's.
    const partition = (id: string) => partitionOf(id, DEFAULT_PARTITIONS);
    let friend = await signedUpCustomer(bank, { name: 'Fay Friend' });
    while (partition(friend.user.id) === partition(user.id)) {
      friend = await signedUpCustomer(bank, { name: 'Fay Friend' });
    }
    await deposit(bank, accounts[0]!.account_number, 50);
    const sent = await client.post('/api/zelle/send', {
      bank_account_id: accounts[0]!.id,
      amount: 5,
      recipient_name: 'Fay',
      recipient_email: friend.payload.email,
      memo: 'Kafkacanary seeds',
    });
    expect(sent.status).toBe(201);
    await waitForProjections(bank.pool);
    const friendsLine = () =>
      bank.pool.query(
        `SELECT sender_name, memo FROM rm_zelle_activity WHERE customer_id = $1 AND direction = 'incoming'`,
        [friend.user.id],
      );
    expect((await friendsLine()).rows).toEqual([
      { sender_name: 'Kai Kafkacanary', memo: 'Kafkacanary seeds' },
    ]);
    // The workers opened what they consumed: the read model shows the name.
    const before = await bank.pool.query('SELECT name FROM rm_customers WHERE email = $1', [email]);
    expect(before.rows).toEqual([{ name: 'Kai Kafkacanary' }]);

    const text = (await topicMessages(EVENTS_TOPIC)).map((m) => m.raw).join('\n');
    expect(text).not.toContain('Kafkacanary');
    expect(text).not.toContain(email);
    expect(text).toMatch(/"pii[a-z-]*:v1:/);

    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    // Closed out first: an erasure is refused while money is left.
    await payOutBalances(bank, accounts);
    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expect(erased.status).toBe(200);
    const customerId = erased.body.data.customer_id as string;
    await waitForProjections(bank.pool);
    const after = await bank.pool.query(
      'SELECT name, email FROM rm_customers WHERE customer_id = $1',
      [customerId],
    );
    expect(after.rows).toEqual([{ name: '[erased]', email: '[erased]' }]);
    // The friend's line, written on the friend's partition, lost Kai's name and memo there.
    expect((await friendsLine()).rows).toEqual([{ sender_name: '[erased]', memo: '[erased]' }]);

    // Kafka still holds the registration until retention, but it no longer opens.
    const registered = (await topicMessages(EVENTS_TOPIC)).find(
      (m) =>
        m.event.type === 'CustomerRegistered' &&
        (m.event.event.data as { customerId: string }).customerId === customerId,
    )!;
    const [opened] = await bank.store.openSealed!([registered.event]);
    expect(opened!.event.data).toMatchObject({ name: '[erased]', email: '[erased]' });
  });

  it('blanks tickets, disputes, payees, recipients and card addresses in the partitioned read models', async () => {
    const customer = await signedUpCustomer(bank, { name: 'Tess Ticketcanary' });
    const { user, client, accounts } = customer;
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    await deposit(bank, checking.account_number, 500);
    const own = await ownRecords(bank, customer, 'canary');
    const sent = await client.post('/api/transfers/external-bank', {
      fromAccount: checking.id,
      amount: 25,
      memo: 'Transfermemocanary',
      recipientName: 'Xavier Externalcanary',
      bankName: 'First National',
      accountNumber: '987654321',
      routingNumber: '021000021',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    await waitForProjections(bank.pool);
    // The workers wrote them where the customer reads them.
    const canaries = [...own.personal, 'Ticketcanary', 'Externalcanary', 'Transfermemocanary'];
    const before = await readModelText(bank.pool);
    for (const canary of canaries) expect(before, canary).toContain(canary);

    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    // Closed out first: an erasure is refused while money is left or pending.
    expect(
      (await client.post(`/api/transfers/${sent.body.data.transfer.id}/cancel`, {})).status,
    ).toBe(200);
    await payOutBalances(bank, accounts);
    // ...and while a card dispute awaits staff's decision (its refund would need the account).
    const decided = await ops.post(
      `/api/ops/disputes/${encodeURIComponent(own.chargeId)}/resolve`,
      {
        outcome: 'declined',
        message: 'The charge stands.',
      },
    );
    expect(decided.status).toBe(200);
    expect(
      (await ops.post('/api/ops/customers/erase', { account_number: user.account_number })).status,
    ).toBe(200);
    await waitForProjections(bank.pool);
    const everything = await readModelText(bank.pool);
    for (const canary of canaries) expect(everything, canary).not.toContain(canary);
    const tickets = await bank.pool.query(
      `SELECT id, customer_name, subject, description, transaction_id, dispute_reason
         FROM rm_support_tickets WHERE customer_id = $1 ORDER BY position`,
      [user.id],
    );
    const blank = { customer_name: '[erased]', subject: '[erased]', description: '[erased]' };
    expect(tickets.rows).toEqual([
      { id: own.ticketId, ...blank, transaction_id: null, dispute_reason: null },
      {
        id: own.disputeTicketId,
        ...blank,
        transaction_id: own.chargeId,
        dispute_reason: 'not_received',
      },
    ]);
    const replies = await bank.pool.query(
      'SELECT DISTINCT message, author_name FROM rm_support_replies WHERE ticket_id = $1',
      [own.ticketId],
    );
    expect(replies.rows).toEqual([{ message: '[erased]', author_name: '[erased]' }]);
  });
});
