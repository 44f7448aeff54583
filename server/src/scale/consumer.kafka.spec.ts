import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExactlyOnceConsumer,
  createKafka,
  createPool,
  encodeEvent,
  ensureEventTopics,
  EVENTS_TOPIC,
  type Kafka,
  type Pool,
  type RecordedEvent,
} from '@bank/infra';
import { createTestDatabase, testDatabaseUrlAs } from '@bank/infra/testing';
import { createKafkaProjectionWorker, defineProjection } from '@bank/projections';
import { healthReport } from '../health.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';

/**
 * The Kafka consumer's own guarantees against a real broker: on assignment it reads from the
 * offsets stored in PostgreSQL (Kafka's are only a hint), a partition that keeps failing holds up
 * only itself, and a projection that keeps failing is named by the health report until it
 * applies again.
 */
let broker: KafkaBroker;
let kafka: Kafka;
let pool: Pool;
let owner: Pool;

beforeAll(async () => {
  broker = await startKafkaBroker();
  kafka = createKafka(broker.brokers, 'consumer-spec');
  const url = await createTestDatabase();
  pool = createPool(url, 6);
  owner = createPool(testDatabaseUrlAs(url, 'owner'), 2);
  await owner.query(
    `CREATE TABLE probe_seen (event_id text PRIMARY KEY);
     GRANT SELECT, INSERT, DELETE ON probe_seen TO PUBLIC`,
  );
});

afterAll(async () => {
  await pool?.end();
  await owner?.end();
  await broker?.destroy();
});

function event(streamId: string, globalPosition: number): RecordedEvent {
  return {
    eventId: randomUUID(),
    streamId,
    streamVersion: globalPosition,
    type: 'ContactRequestSubmitted',
    schemaVersion: 1,
    event: { type: 'ContactRequestSubmitted', data: { requestId: streamId } },
    metadata: {},
    recordedAt: new Date(),
    position: { transactionId: 1000n, globalPosition },
  } as RecordedEvent;
}

async function produce(topic: string, events: RecordedEvent[], sealed = false) {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  await producer.send({
    topic,
    acks: -1,
    messages: events.map((e) => ({ ...encodeEvent(e, sealed), partition: 0 })),
  });
  await producer.disconnect();
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i += 1) {
    const value = await probe();
    if (done(value)) return value;
    if (i > 600) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const seenCount = async () =>
  Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM probe_seen')).rows[0]!.n);

/** A worker with one projection that records each ContactRequestSubmitted in probe_seen. */
function probeWorker(name: string, open?: (sealed: RecordedEvent[]) => Promise<RecordedEvent[]>) {
  const probe = defineProjection({
    name,
    tables: ['probe_seen'],
    handlers: {
      ContactRequestSubmitted: async (_data, recorded, db) => {
        await db.query('INSERT INTO probe_seen (event_id) VALUES ($1)', [recorded.eventId]);
      },
    },
  });
  return createKafkaProjectionWorker({
    kafka,
    pool,
    projections: [probe],
    partitionSafe: { [name]: ['ContactRequestSubmitted'] },
    open,
  });
}

describe('the exactly-once Kafka consumer', () => {
  it('seeks to the offsets stored in PostgreSQL on assignment, and commits none to Kafka', async () => {
    const topic = `probe-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    const events = Array.from({ length: 20 }, (_, i) => event(`contact-${i}`, i + 1));
    await produce(topic, events);

    const consumerOf = () =>
      createExactlyOnceConsumer({
        kafka,
        pool,
        name: 'probe-seek',
        topic,
        groupPrefix: 'spec.',
        apply: async (db, fresh) => {
          for (const e of fresh) {
            await db.query('INSERT INTO probe_seen (event_id) VALUES ($1)', [e.eventId]);
          }
        },
      });
    const first = consumerOf();
    await first.start();
    await until(seenCount, (n) => n === 20);
    // Kafka holds no offset for the group: only PostgreSQL says where it is.
    const committed = await admin.fetchOffsets({ groupId: 'spec.probe-seek', topics: [topic] });
    expect(committed[0]!.partitions[0]!.offset).toBe('-1');
    await first.stop();

    // The read side is reset (a restore, a rebuild): PostgreSQL says "from 0".
    await pool.query('DELETE FROM probe_seen');
    await pool.query(
      `UPDATE kafka_offsets SET next_offset = 0, transaction_id = '0'::xid8, global_position = 0
        WHERE consumer = 'probe-seek'`,
    );
    const second = consumerOf();
    await second.start();
    try {
      expect(await until(seenCount, (n) => n === 20)).toBe(20);
    } finally {
      await second.stop();
      await admin.disconnect();
    }
  });

  it('a partition whose chunk keeps failing holds up only itself, then applies once', async () => {
    const topic = `probe-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 2 }], waitForLeaders: true });
    await admin.disconnect();
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    const send = (partition: number, events: RecordedEvent[]) =>
      producer.send({
        topic,
        acks: -1,
        messages: events.map((e) => ({ ...encodeEvent(e, false), partition })),
      });
    await pool.query('DELETE FROM probe_seen');
    let healed = false;
    let failures = 0;
    const consumer = createExactlyOnceConsumer({
      kafka,
      pool,
      name: 'probe-isolated',
      topic,
      groupPrefix: 'spec.',
      apply: async (db, fresh, state) => {
        if (state.partition === 0 && !healed) throw new Error('a poison event');
        for (const e of fresh) {
          await db.query('INSERT INTO probe_seen (event_id) VALUES ($1)', [e.eventId]);
        }
      },
      onError: () => (failures += 1),
    });
    await consumer.start();
    try {
      await send(
        0,
        [1, 2, 3].map((n) => event(`contact-p0-${n}`, n)),
      );
      await until(
        async () => failures,
        (n) => n >= 2,
      );
      // Sent while partition 0 keeps failing: applied all the same, and promptly.
      const sentAt = Date.now();
      await send(
        1,
        [4, 5, 6].map((n) => event(`contact-p1-${n}`, n)),
      );
      await until(seenCount, (n) => n === 3);
      expect(Date.now() - sentAt).toBeLessThan(2500);
      expect(healed).toBe(false);

      healed = true;
      await until(seenCount, (n) => n === 6);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await seenCount()).toBe(6);
    } finally {
      await consumer.stop();
      await producer.disconnect();
    }
  });

  it('a worker finding a partition without progress rows makes them and applies', async () => {
    await ensureEventTopics(kafka);
    await pool.query('DELETE FROM probe_seen');
    const worker = probeWorker('probe-new-partition');
    await worker.start();
    try {
      // As for a partition added to the topic after the worker prepared its rows at start.
      await pool.query(
        `DELETE FROM kafka_offsets WHERE consumer = 'probe-new-partition' AND partition = 0`,
      );
      await produce(EVENTS_TOPIC, [event('contact-new-1', 1), event('contact-new-2', 2)]);
      expect(await until(seenCount, (n) => n === 2)).toBe(2);
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM kafka_offsets
          WHERE consumer = 'probe-new-partition' AND partition = 0 AND next_offset > 0`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('a projection that keeps failing is named by health until it applies again', async () => {
    await ensureEventTopics(kafka);
    let keyReadable = false;
    await pool.query('DELETE FROM probe_seen');
    // Sealed events that cannot be opened: a worker holding the wrong key.
    const worker = probeWorker('probe-failing', async (sealed) => {
      if (!keyReadable) throw new Error('cannot open sealed data with this key');
      return sealed;
    });
    await worker.start();
    try {
      await produce(EVENTS_TOPIC, [event('contact-a', 1), event('contact-b', 2)], true);
      await until(async () => worker.failing().get('probe-failing'), Boolean);
      const failing = await healthReport(pool, undefined, worker.failing);
      expect(failing.healthy).toBe(false);
      expect(failing.projections.failing).toEqual([
        { projection: 'probe-failing', error: expect.stringContaining('cannot open') },
      ]);

      keyReadable = true;
      await until(seenCount, (n) => n === 2);
      await until(
        async () => worker.failing().size,
        (n) => n === 0,
      );
      const recovered = await healthReport(pool, undefined, worker.failing);
      expect(recovered.projections.failing).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('a worker: a partition that keeps failing holds up only itself, then applies once', async () => {
    await ensureEventTopics(kafka);
    await pool.query('DELETE FROM probe_seen');
    const admin = kafka.admin();
    await admin.connect();
    const metadata = await admin.fetchTopicMetadata({ topics: [EVENTS_TOPIC] });
    await admin.disconnect();
    const count = metadata.topics[0]!.partitions.length;
    const stuck = event('contact-stuck', 2000);
    const others = Array.from({ length: count - 1 }, (_, i) =>
      event(`contact-free-${i}`, 2001 + i),
    );
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    await producer.send({
      topic: EVENTS_TOPIC,
      acks: -1,
      messages: [stuck, ...others].map((e, i) => ({ ...encodeEvent(e, false), partition: i })),
    });
    await producer.disconnect();
    let healed = false;
    // A failure that says nothing about the event (a serialization failure): never parked.
    const probe = defineProjection({
      name: 'probe-stuck',
      tables: ['probe_seen'],
      handlers: {
        ContactRequestSubmitted: async (_data, recorded, db) => {
          if (recorded.streamId === 'contact-stuck' && !healed) {
            throw Object.assign(new Error('could not serialize access'), { code: '40001' });
          }
          await db.query('INSERT INTO probe_seen (event_id) VALUES ($1)', [recorded.eventId]);
        },
      },
    });
    const worker = createKafkaProjectionWorker({
      kafka,
      pool,
      projections: [probe],
      partitionSafe: { 'probe-stuck': ['ContactRequestSubmitted'] },
      open: async (sealed) => sealed,
    });
    await worker.start();
    const seen = async (ids: string[]) =>
      Number(
        (
          await pool.query<{ n: string }>(
            'SELECT count(*) AS n FROM probe_seen WHERE event_id = ANY($1::text[])',
            [ids],
          )
        ).rows[0]!.n,
      );
    try {
      const free = others.map((e) => e.eventId);
      expect(
        await until(
          () => seen(free),
          (n) => n === free.length,
        ),
      ).toBe(free.length);
      expect(await seen([stuck.eventId])).toBe(0);
      healed = true;
      expect(
        await until(
          () => seen([stuck.eventId]),
          (n) => n === 1,
        ),
      ).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
