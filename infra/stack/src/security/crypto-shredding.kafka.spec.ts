import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKafka,
  decodeMessage,
  EVENTS_TOPIC,
  ORDERED_EVENTS_TOPIC,
  type RecordedEvent,
} from '@bank/infra';
import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';
import { waitForProjections } from '../scale/read-model-hash.ts';

/**
 * Scale mode keeps personal data sealed on Kafka: the relay publishes events as stored and the
 * projection workers open them, so erasing a customer makes the topics' copies unreadable too.
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
    const { user } = await signedUpCustomer(bank, { name: 'Kai Kafkacanary', email });
    await waitForProjections(bank.pool);
    // The workers opened what they consumed: the read model shows the name.
    const before = await bank.pool.query('SELECT name FROM rm_customers WHERE email = $1', [email]);
    expect(before.rows).toEqual([{ name: 'Kai Kafkacanary' }]);

    for (const topic of [EVENTS_TOPIC, ORDERED_EVENTS_TOPIC]) {
      const text = (await topicMessages(topic)).map((m) => m.raw).join('\n');
      expect(text, topic).not.toContain('Kafkacanary');
      expect(text, topic).not.toContain(email);
      expect(text, topic).toContain('"pii:');
    }

    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
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

    // Kafka still holds the registration until retention, but it no longer opens.
    const registered = (await topicMessages(ORDERED_EVENTS_TOPIC)).find(
      (m) =>
        m.event.type === 'CustomerRegistered' &&
        (m.event.event.data as { customerId: string }).customerId === customerId,
    )!;
    const [opened] = await bank.store.openSealed!([registered.event]);
    expect(opened!.event.data).toMatchObject({ name: '[erased]', email: '[erased]' });
  });
});
